import { z } from 'zod'

const isoDate = z
	.string({
		required_error: 'is required (YYYY-MM-DD)',
		invalid_type_error: 'must be a date in quotes, such as "2025-01-31"',
	})
	.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2025-01-31')
	// Date.parse accepts 2025-02-31 (and rolls it over), so the day must survive a round trip.
	.refine((value) => {
		const time = Date.parse(`${value}T00:00:00Z`)
		return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value)
	}, 'is not a real date')

const text = (max: number) =>
	z
		.string({ required_error: 'is required', invalid_type_error: 'must be text' })
		.trim()
		.min(1, 'must not be empty')
		.max(max, `must be at most ${max} characters`)

/**
 * The frontmatter every MDX file carries. The build refuses a file that does not match and
 * names the file and the field, so a typo never ships as a broken page.
 */
export const frontmatterSchema = z
	.object({
		title: text(120),
		// Search engines cut descriptions at about 160 characters.
		description: text(200),
		date: isoDate,
		updated: isoDate.optional(),
		author: text(80),
		tags: z.array(text(40), { invalid_type_error: 'must be a list of words' }).default([]),
		// A path under public/ (e.g. /social.png) to use instead of the generated social image.
		image: z
			.string({ invalid_type_error: 'must be a path such as /images/post.png' })
			.regex(/^\/[\w./-]+\.(png|jpe?g|webp)$/, 'must be a path such as /images/post.png')
			.optional(),
		imageAlt: text(200).optional(),
		draft: z.boolean({ invalid_type_error: 'must be true or false' }).default(false),
	})
	.strict()

export type Frontmatter = z.infer<typeof frontmatterSchema>
