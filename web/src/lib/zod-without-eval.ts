/**
 * zod compiles a fast parser for object schemas with `new Function`, after probing once whether it may. The
 * site's Content-Security-Policy allows no eval (server/http/security-headers.ts), and the browser reports that
 * probe as a policy violation even though zod catches it. `jitless` turns the probe and the compiled parser
 * off (forms parse a few objects: the difference is not measurable).
 *
 * zod keeps its settings in this global object (z.config({ jitless: true }) writes the same one): setting it
 * here keeps zod itself out of the entry chunk. Whichever runs first, this module or zod's, both use one object.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
