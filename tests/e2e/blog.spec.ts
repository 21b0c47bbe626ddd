import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { BlogListPage, BlogPostPage } from './pages/blog-pages.ts';
import { textsBrokenInsideAWord } from './pages/layout.ts';

const posts = [
  {
    id: 'understanding-sba-loans',
    title: 'Understanding SBA Loans: A Plain-English Guide for Small Business Owners',
    category: 'SBA Loans',
    readTime: '12 min read',
  },
  {
    id: 'business-plan-tips',
    title: 'Business Plan Tips That Help Your Loan Get Approved',
    category: 'Business Planning',
    readTime: '8 min read',
  },
  {
    id: 'commercial-real-estate',
    title: 'Financing Commercial Real Estate for Your Business',
    category: 'Commercial Real Estate',
    readTime: '10 min read',
  },
];

test('the blog lists the featured post first, then the others, each with its card details', async ({ page }) => {
  const blog = new BlogListPage(page);
  await blog.open('/blog');
  await expect(blog.cards).toHaveCount(3);
  await expect(blog.cards.first()).toContainText('Featured');
  await expect(blog.cards.first().getByRole('heading', { level: 2 })).toHaveText(posts[0]!.title);
  const grid = blog.region('More Articles');
  await expect(grid.getByRole('heading', { level: 3 })).toHaveText([posts[1]!.title, posts[2]!.title]);
  for (const post of posts) {
    const card = blog.card(post.title);
    await expect(card.getByRole('link', { name: post.title })).toHaveAttribute('href', `/blog/${post.id}`);
    await expect(card).toContainText(post.category);
    await expect(card).toContainText(post.readTime);
    await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(card.getByRole('paragraph').first()).not.toBeEmpty();
  }
});

for (const post of posts) {
  test(`${post.id} loads its markdown with a back link, hero, date, read time and author`, async ({ page }) => {
    const markdown = page.waitForResponse((response) => response.url().endsWith(`/blog/${post.id}.md`));
    const view = new BlogPostPage(page);
    await view.open(`/blog/${post.id}`);
    expect((await markdown).ok()).toBe(true);
    await expect(view.pageHeading).toHaveText(post.title);
    const body = view.body(post.title);
    await expect(body.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await body.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
    await expect(body.getByRole('listitem').first()).toBeVisible();
    // Rendered, not shown as markdown source; and no raw HTML element came from the file.
    await expect(body).not.toContainText('## ');
    await expect(body).not.toContainText('**');
    await expect(body.locator('script, iframe, style, img, input, object, embed')).toHaveCount(0);
    await expect(view.main).toContainText(post.readTime);
    await expect(view.main.locator('time').first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    const hero = view.main.locator(`img[src="/blog/images/${post.id}.svg"]`);
    await expect(hero).toBeVisible();
    expect(await hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(view.authorCard).toContainText('Lending Team');
    await expect(view.backLink).toHaveAttribute('href', '/blog');
  });
}

test('a post renders GitHub-flavoured tables and links back into the site', async ({ page, baseURL }) => {
  const view = new BlogPostPage(page);
  await view.open('/blog/commercial-real-estate');
  const body = view.body(posts[2]!.title);
  await expect(body.getByRole('table')).toContainText('Bank first mortgage');
  await body.getByRole('link', { name: 'quick match form' }).click();
  await expect(page).toHaveURL(`${baseURL}/apply`);
});

test('on a phone a post’s table keeps its words whole, and the page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const view = new BlogPostPage(page);
  await view.open('/blog/commercial-real-estate');
  const region = view.body(posts[2]!.title).getByRole('region', { name: 'Table' });
  await expect(region.getByRole('table')).toContainText('Bank first mortgage');
  // Each cell's text is as tall as its own lines allow: no cell breaks inside a word such as '$1,200,000'.
  const brokenWords = await textsBrokenInsideAWord(region, 'td, th');
  expect(brokenWords).toEqual([]);
  // Whatever does not fit scrolls inside the table's region, never the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the back link returns to the list', async ({ page, baseURL }) => {
  const view = new BlogPostPage(page);
  await view.open('/blog/business-plan-tips');
  await view.backLink.click();
  await expect(page).toHaveURL(`${baseURL}/blog`);
});

test('an unknown post shows a friendly not-found message and logs the failure', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const view = new BlogPostPage(page);
  const response = page.waitForResponse((candidate) => candidate.url().endsWith('/blog/no-such-article'));
  await view.open('/blog/no-such-article');
  await expect(view.pageHeading).toHaveText('Article not found');
  await expect(view.link('See all articles')).toHaveAttribute('href', '/blog');
  // Not for search engines: the server answers 404 and the page asks not to be indexed.
  expect((await response).status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(errors.some((text) => text.includes('no-such-article'))).toBe(true);
});

test('a post whose markdown fails to load shows the not-found message and logs the failure', async ({ page }) => {
  // The real server always has the file, so the network failure is simulated for this one request.
  await page.route('**/blog/business-plan-tips.md', (route) => route.abort('failed'));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const view = new BlogPostPage(page);
  await view.open('/blog/business-plan-tips');
  await expect(view.pageHeading).toHaveText('Article not found');
  expect(errors.some((text) => text.includes('Could not load blog post "business-plan-tips"'))).toBe(true);
});

test.describe('newsletter', () => {
  test('a valid address is stored and the reader sees a success message', async ({ page, database }) => {
    const email = `owner-${randomUUID().slice(0, 8)}@harborcafe.com`;
    const blog = new BlogListPage(page);
    await blog.open('/blog');
    await blog.subscribe(`  ${email.toUpperCase()} `);
    await expect(blog.newsletterResult).toHaveText('Thanks for subscribing! New articles will arrive in your inbox.');
    const { data, error } = await database.from('newsletter_subscriptions').select('email').eq('email', email);
    expect(error).toBeNull();
    expect(data).toEqual([{ email }]);
  });

  test('an invalid address shows "Invalid email address" and stores nothing', async ({ page, database }) => {
    const blog = new BlogListPage(page);
    await blog.open('/blog');
    await blog.subscribe('owner@harborcafe');
    await expect(blog.newsletter.getByText('Invalid email address', { exact: true })).toBeVisible();
    await expect(blog.newsletterResult).toBeEmpty();
    const { count } = await database
      .from('newsletter_subscriptions')
      .select('*', { count: 'exact', head: true })
      .eq('email', 'owner@harborcafe');
    expect(count).toBe(0);
  });

  test('an empty address asks for one', async ({ page }) => {
    const blog = new BlogListPage(page);
    await blog.open('/blog');
    await blog.subscribe('');
    await expect(blog.newsletter.getByText('Email is required', { exact: true })).toBeVisible();
  });
});
