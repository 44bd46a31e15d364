/**
 * The server's way into the validator registry. Route modules import `parseForm` from here, not
 * from registry.ts: a `.server` module is emptied in the browser build, whereas a plain import
 * of the registry would keep @conform-to/zod, and with it zod, in the page's bundle even when
 * only the action uses it (docs/decisions/004, 065).
 */
export { parseForm } from './registry'
