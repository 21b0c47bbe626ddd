import { brand } from '../../../shared/brand/brand.ts';

/**
 * The page's <title> and meta description; React 19 hoists both into <head>. `title` is the page's own
 * name; the product name is appended unless `fullTitle` is given.
 */
export function PageMeta({
  title,
  description,
  fullTitle,
}: {
  title?: string;
  description: string;
  fullTitle?: string;
}) {
  return (
    <>
      <title>{fullTitle ?? `${title ?? brand.productName} | ${brand.productName}`}</title>
      <meta name="description" content={description} />
    </>
  );
}
