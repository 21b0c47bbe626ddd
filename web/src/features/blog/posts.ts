import { brand } from '../../../../shared/brand/brand.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';

/** A blog post's card data; its body is web/public/blog/{id}.md, loaded when the post opens. */
export type BlogPost = {
  id: string;
  title: string;
  excerpt: string;
  category: string;
  /** ISO date of publication. */
  publishedOn: string;
  readMinutes: number;
  /** A local illustration under web/public/blog/images. */
  heroImage: string;
};

/** The posts, newest first; the first is featured on /blog. Read times: docs/product.md §9, Other. */
export const blogPosts: BlogPost[] = [
  {
    id: 'understanding-sba-loans',
    title: 'Understanding SBA Loans: A Plain-English Guide for Small Business Owners',
    excerpt:
      'How SBA 7(a), 504 and Express loans work, who qualifies, what they cost and how long they take, so you can walk into a lender conversation prepared.',
    category: 'SBA Loans',
    publishedOn: '2025-01-08',
    readMinutes: 12,
    heroImage: '/blog/images/understanding-sba-loans.svg',
  },
  {
    id: 'business-plan-tips',
    title: 'Business Plan Tips That Help Your Loan Get Approved',
    excerpt:
      'Lenders read business plans for one thing: evidence you can repay. Here is what to put in, what to leave out, and how to make your projections believable.',
    category: 'Business Planning',
    publishedOn: '2024-12-12',
    readMinutes: 8,
    heroImage: '/blog/images/business-plan-tips.svg',
  },
  {
    id: 'commercial-real-estate',
    title: 'Financing Commercial Real Estate for Your Business',
    excerpt:
      'Buying the building you operate from can cut your costs and build equity. Compare SBA 7(a), SBA 504 and conventional loans, and learn what lenders check.',
    category: 'Commercial Real Estate',
    publishedOn: '2024-11-20',
    readMinutes: 10,
    heroImage: '/blog/images/commercial-real-estate.svg',
  },
];

/** The post with this id, or undefined. */
export function findBlogPost(id: string | undefined): BlogPost | undefined {
  return blogPosts.find((post) => post.id === id);
}

/** "2025-01-08" -> "January 8, 2025" (the calendar date as written, whatever the reader's time zone). */
export function formatPostDate(isoDate: string): string {
  return formatLongDate(`${isoDate}T00:00:00Z`, 'UTC');
}

/** The author shown on every post. */
export const blogAuthor = {
  name: `The ${brand.productName} Lending Team`,
  initials: brand.productName
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase(),
  role: 'Small business lending specialists',
  bio: 'Our specialists have helped hundreds of business owners prepare for SBA and conventional loans. We write about what we see lenders ask for every day.',
};
