/**
 * Object names as clients send them ("{userId}/{type}/{uuid}.{ext}"). They are only ever database keys:
 * files on disk are stored under the object's id, so no name can reach the file system.
 */
export const MAX_OBJECT_NAME_LENGTH = 1024;

/** Why a name is refused, or undefined when it is acceptable. */
export function objectNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'The object name is empty';
  if (name.length > MAX_OBJECT_NAME_LENGTH) return 'The object name is too long';
  if (name.startsWith('/') || name.endsWith('/')) return 'The object name must not start or end with "/"';
  if ([...name].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 || ch === '\\')) {
    return 'The object name contains a forbidden character';
  }
  const segments = name.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return 'The object name has an empty, "." or ".." segment';
  }
  return undefined;
}

/** The lower-cased extension of the last segment, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const file = name.slice(name.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
}
