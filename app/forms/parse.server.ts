/**
 * The server's way into the validator registry. Routes import `parseForm` from here, not from
 * registry.ts: Remix's Vite build refuses a `.server` module in the browser's graph, so an import
 * that lost its way (say, from a component) fails the build instead of shipping
 * @conform-to/zod, and with it zod, to every page that only needed the action
 * (docs/decisions/065, 098, 142).
 */
export { parseForm } from './registry'
