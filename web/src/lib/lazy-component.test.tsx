import { Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component.ts';

function Hello() {
  return <p>Hello</p>;
}

const shown = (Page: ReturnType<typeof lazyComponent>) =>
  renderToStaticMarkup(
    <Suspense fallback={<p>Loading</p>}>
      <Page />
    </Suspense>,
  );

describe('a lazily loaded component', () => {
  it('shows the loading state while its code is not here', () => {
    const page = lazyComponent(
      () => Promise.resolve({ Hello }),
      (module) => module.Hello,
    );
    expect(shown(page)).toBe('<p>Loading</p>');
  });

  it('renders at once, without the loading state, once its code was preloaded', async () => {
    const page = lazyComponent(
      () => Promise.resolve({ Hello }),
      (module) => module.Hello,
    );
    await page.preload();
    expect(shown(page)).toBe('<p>Hello</p>');
  });

  it('is still shown by React.lazy when its code could not be preloaded (the error boundary says why)', async () => {
    let attempts = 0;
    const page = lazyComponent(
      () => (attempts++ === 0 ? Promise.reject(new Error('offline')) : Promise.resolve({ Hello })),
      (module) => module.Hello,
    );
    await page.preload();
    expect(shown(page)).toBe('<p>Loading</p>');
    expect(attempts).toBe(2);
  });

  it('passes its props on, once its code is here', async () => {
    const Greeting = lazyComponent(
      () => Promise.resolve({ Hi: ({ name }: { name: string }) => <p>Hi {name}</p> }),
      (module) => module.Hi,
    );
    await Greeting.preload();
    expect(renderToStaticMarkup(<Greeting name="Dana" />)).toBe('<p>Hi Dana</p>');
  });
});
