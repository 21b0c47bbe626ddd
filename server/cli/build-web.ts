import { buildWeb } from './web-build.ts';

/** `npm run build:web`: the browser bundle in dist/web with the public pages prerendered. */
await buildWeb();
console.log('Built dist/web.');
