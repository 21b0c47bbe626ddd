import type { Locator, Page } from '@playwright/test';
import { ContentPage } from './content-page.ts';

/** /blog: post cards and the newsletter box. */
export class BlogListPage extends ContentPage {
  readonly cards: Locator;
  readonly newsletter: Locator;

  constructor(page: Page) {
    super(page);
    this.cards = this.main.getByRole('article');
    this.newsletter = this.main.getByRole('region', { name: 'Get new articles by e-mail' });
  }

  /** Where the newsletter box reports the result of a subscription (a live region). */
  get newsletterResult(): Locator {
    return this.newsletter.getByRole('status');
  }

  card(title: string): Locator {
    return this.main.getByRole('article', { name: title });
  }

  async subscribe(email: string): Promise<void> {
    await this.newsletter.getByLabel('Email address').fill(email);
    await this.newsletter.getByRole('button', { name: 'Subscribe' }).click();
  }
}

/** /blog/{id}: the post, loaded from markdown. */
export class BlogPostPage extends ContentPage {
  readonly backLink: Locator;
  readonly authorCard: Locator;

  constructor(page: Page) {
    super(page);
    this.backLink = this.main.getByRole('link', { name: 'Back to Blog' }).first();
    this.authorCard = this.main.getByRole('complementary', { name: 'About the author' });
  }

  /** The article body rendered from markdown (named after the post title). */
  body(title: string): Locator {
    return this.main.getByRole('article', { name: title });
  }
}
