import { gzipSync } from 'node:zlib';
import type { Rolldown } from 'vite';

/**
 * Fewer script files on a route's first load, by grouping the browser build's chunks (see buildWeb).
 *
 * The bundler makes one chunk per set of lazy imports that reach a module. With some thirty lazy routes, and
 * dialogs and libraries loaded lazily within them, the portal's first load was some forty files, most under
 * 1 KB; over HTTP/1.1 on a phone network (six connections, one request at a time on each) every six files cost
 * another round trip. So the web build is made twice: the first build's chunks (what each route really loads,
 * after tree shaking) are grouped by these rules, and the second build writes each group as one file.
 * 1. Every route loads the entry's start-up steps, React DOM and the app's root (web/src/app/root.tsx): React DOM
 *    and the chunks it imports beyond the entry's become one file, and the root and the chunks it needs beyond
 *    those another. Nothing is loaded for nothing. (With the root's own module in a file of its own, the two
 *    files imported each other: whatever joined the group and read the root's exports as it started, as Chakra's
 *    alert reads the root's icons, ran before them and broke every alert.)
 * 2. Beyond the root, the chunks a page loads (a page: a route of the router, the store layout, the supabase-js
 *    client) are grouped by the set of pages that load them, ignoring the lazy parts within pages (a dialog's
 *    window, the phone library), which only split these groups further. Again nothing is loaded for nothing.
 *    A page's own chunk, and what only the lazy parts load, stay as the bundler made them.
 * 3. A group under SMALL_GROUP_GZIP_BYTES may join a larger group loaded by all of its pages (or the root's):
 *    the pages that need it still have it, and the others load its bytes for nothing. So it joins only where
 *    everything it imports is loaded by all of those pages anyway, and as long as no page loads more than
 *    OVERFETCH_LIMIT_GZIP_BYTES for nothing in all; among such groups, the one loaded by the fewest pages.
 *    A group that joined counts as loaded by all of its new group's pages, so the joins are tried again until
 *    none more fits (a small group often imports another small one).
 *
 * The limit weighs bytes against files: raised from 8 KB to 16 KB, it took the portal from 19 files to 15, the
 * admin dashboard from 24 to 18 and the apply page from 21 to 15, for about one KB more each (the root's group
 * grew by 1 KB, which every route loads), and Lighthouse's simulated HTTP/1.1 load of the portal about 0.1 s
 * sooner (HTTP/2 unchanged). The root's own module joining its group then took them to 12, 15 and 11 files with
 * no byte more, and the portal's simulated HTTP/1.1 load from 3.20 s to 2.95 s (HTTP/2 unchanged, 2.35 s); React
 * DOM in one file, to 11, 14 and 10 (both loads unchanged, within a few hundredths).
 */
export const SMALL_GROUP_GZIP_BYTES = 3000;
export const OVERFETCH_LIMIT_GZIP_BYTES = 16000;

/** What the plan reads of a chunk of the first build. */
export type BuiltChunk = Pick<
  Rolldown.OutputChunk,
  | 'fileName'
  | 'name'
  | 'code'
  | 'moduleIds'
  | 'imports'
  | 'dynamicImports'
  | 'isEntry'
  | 'isDynamicEntry'
  | 'facadeModuleId'
>;

/** Per module id of the first build, the name of the group (and file) the second build puts it in. */
export type ChunkGroups = Map<string, string>;

/** The app's root module, which the entry loads lazily on every route. */
const appRoot = /[\\/]src[\\/]app[\\/]root\.tsx$/;

const ROOT_GROUP = 'app-root';

type Group = { pages: Set<string>; files: string[]; bytes: number; name: string };

/** The groups of the first build's chunks (`chunks`): modules absent from the map stay where the bundler puts them. */
export function planChunkGroups(chunks: readonly BuiltChunk[]): ChunkGroups {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunk = (file: string) => {
    const found = byFile.get(file);
    if (!found) throw new Error(`The first build has no chunk ${file}`);
    return found;
  };
  const closure = (file: string, into = new Set<string>()) => {
    if (into.has(file)) return into;
    into.add(file);
    for (const imported of chunk(file).imports) closure(imported, into);
    return into;
  };
  const lazyImportsOf = (files: Iterable<string>) => [
    ...new Set([...files].flatMap((file) => chunk(file).dynamicImports)),
  ];
  const gzipBytes = new Map<string, number>();
  const bytesOf = (files: Iterable<string>) =>
    [...files].reduce((sum, file) => {
      if (!gzipBytes.has(file)) gzipBytes.set(file, gzipSync(chunk(file).code).length);
      return sum + gzipBytes.get(file)!;
    }, 0);

  // What every route loads: the entry, its start-up steps (React DOM, the root) and what they import.
  const entry = chunks.find((candidate) => candidate.isEntry);
  if (!entry) throw new Error('The first build has no entry chunk');
  const atStart = closure(entry.fileName);
  const steps = lazyImportsOf(atStart);
  const root = steps.find((file) => appRoot.test(chunk(file).facadeModuleId ?? ''));
  if (!root) throw new Error('The entry does not load web/src/app/root.tsx');
  // Rule 1: each step (React DOM, then the root) with what it imports beyond what runs before it, one file each.
  const always = new Set(atStart);
  const filesAtStart = new Map<string, string[]>();
  for (const step of [...steps.filter((file) => file !== root), root]) {
    const files = [...closure(step)].filter((file) => !always.has(file));
    for (const file of files) always.add(file);
    filesAtStart.set(step === root ? ROOT_GROUP : chunk(step).name, files);
  }
  const rootFiles = filesAtStart.get(ROOT_GROUP)!;

  // Rule 2: the chunks of the pages, by the pages that load them.
  const pages = lazyImportsOf(rootFiles).filter((file) => !always.has(file));
  const loads = new Map(pages.map((page) => [page, new Set([...closure(page)].filter((file) => !always.has(file)))]));
  const loadedBy = new Map<string, string[]>();
  for (const [page, files] of loads) {
    for (const file of files) {
      if (!chunk(file).isDynamicEntry) loadedBy.set(file, [...(loadedBy.get(file) ?? []), page]);
    }
  }
  const byPages = new Map<string, Group>();
  for (const [file, loaders] of loadedBy) {
    const key = [...loaders].sort().join(' ');
    const group = byPages.get(key) ?? { pages: new Set(loaders), files: [], bytes: 0, name: '' };
    group.files.push(file);
    byPages.set(key, group);
  }
  const taken = new Set([ROOT_GROUP]);
  for (const group of byPages.values()) {
    group.bytes = bytesOf(group.files);
    // Named after its largest chunk ('api', 'offer-text'), unique.
    const largest = chunk([...group.files].sort((a, b) => chunk(b).code.length - chunk(a).code.length)[0]!).name;
    group.name = largest;
    for (let suffix = 2; taken.has(group.name); suffix += 1) group.name = `${largest}-${suffix}`;
    taken.add(group.name);
  }

  // Rule 3: small groups join larger ones where that costs no page more than the limit in all.
  const rootGroup: Group = { pages: new Set(pages), files: [], bytes: Number.POSITIVE_INFINITY, name: ROOT_GROUP };
  const carriers = [...[...byPages.values()].filter((group) => group.bytes >= SMALL_GROUP_GZIP_BYTES), rootGroup];
  const overfetched = new Map(pages.map((page) => [page, 0]));
  const joined = new Map<Group, Group>();
  // The smallest first: more of them fit within the limit.
  const small = [...byPages.values()]
    .filter((group) => group.bytes < SMALL_GROUP_GZIP_BYTES)
    .sort((a, b) => a.bytes - b.bytes || a.name.localeCompare(b.name));
  // What each small group imports beyond itself, as chunk files: the same on every try below.
  const importsOf = new Map(
    small.map((group) => {
      const imports = new Set(group.files.flatMap((file) => [...closure(file)]));
      for (const file of group.files) imports.delete(file);
      return [group, [...imports]];
    }),
  );
  const carrierOf = (group: Group) => {
    const imports = importsOf.get(group)!;
    return carriers
      .filter((candidate) => {
        const others = [...candidate.pages].filter((page) => !group.pages.has(page));
        return (
          [...group.pages].every((page) => candidate.pages.has(page)) &&
          [...candidate.pages].every((page) =>
            imports.every((file) => always.has(file) || loads.get(page)!.has(file)),
          ) &&
          others.every((page) => overfetched.get(page)! + group.bytes <= OVERFETCH_LIMIT_GZIP_BYTES)
        );
      })
      .sort((a, b) => a.pages.size - b.pages.size || a.bytes - b.bytes)[0];
  };
  // Rule 3's joins, tried again until none more fits: a group that joined counts as loaded by its carrier's pages.
  for (let joinedOne = true; joinedOne;) {
    joinedOne = false;
    for (const group of small.filter((candidate) => !joined.has(candidate))) {
      const carrier = carrierOf(group);
      if (!carrier) continue;
      joined.set(group, carrier);
      joinedOne = true;
      for (const page of carrier.pages) {
        if (!group.pages.has(page)) overfetched.set(page, overfetched.get(page)! + group.bytes);
        for (const file of group.files) loads.get(page)!.add(file);
      }
    }
  }

  const groups: ChunkGroups = new Map();
  const assign = (files: Iterable<string>, name: string) => {
    for (const file of files) for (const id of chunk(file).moduleIds) groups.set(id, name);
  };
  // The steps' own modules too: the build manifest then names the group's file for each.
  for (const [name, files] of filesAtStart) assign(files, name);
  for (const group of byPages.values()) assign(group.files, (joined.get(group) ?? group).name);
  return groups;
}
