import { Fragment } from 'react';

/**
 * An e-mail address that wraps, when its column is narrow, after its '@' and before each '.', where a reader
 * expects it ('maria@lopezbakery' / '.test'), rather than inside a word ('maria@lopezbakery.t' / 'est'). A part
 * still wider than the column breaks where its cell lets it.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
