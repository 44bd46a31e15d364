/**
 * The colour-mode toggle's schema (SPEC §4; docs/decisions/065). Not in the validator registry:
 * the toggle's values are fixed, so only its action parses it, and the browser never needs it
 * (the registry's chunk would otherwise share ~/utils/color-mode with the first load, costing
 * it a chunk of its own).
 */
import { z } from 'zod'
import { colorModes } from '~/utils/color-mode'
import { MESSAGES } from './messages'

/** Without JavaScript the form carries `redirectTo`, the page to go back to. */
export const colorModeSchema = z.object({
	mode: z.enum(colorModes, { message: MESSAGES.colorMode }),
	redirectTo: z.string().optional(),
})

export type ColorModeFields = z.input<typeof colorModeSchema>
