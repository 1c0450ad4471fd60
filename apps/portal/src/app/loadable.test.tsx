import { screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderPlain, setUpPortalTests } from '../test/render';
import { loadable } from './loadable';

setUpPortalTests();

const Page = () => <h1>Your orders</h1>;

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p role="alert">This page could not be loaded.</p> : this.props.children;
  }
}

describe('loadable (a page whose code loads on demand)', () => {
  it('draws a page whose code has loaded at once, without a loader in between', async () => {
    const OnDemand = loadable(() => Promise.resolve({ default: Page }));
    await OnDemand.load();
    renderPlain(<OnDemand />);
    expect(screen.getByRole('heading', { name: 'Your orders' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the loader until the code has loaded, then the page, loading it once', async () => {
    let loads = 0;
    let arrive: (code: { default: typeof Page }) => void = () => undefined;
    const code = new Promise<{ default: typeof Page }>((resolve) => {
      arrive = resolve;
    });
    const OnDemand = loadable(() => {
      loads++;
      return code;
    });
    renderPlain(<OnDemand />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    void OnDemand.load();
    arrive({ default: Page });
    expect(await screen.findByRole('heading', { name: 'Your orders' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(loads).toBe(1);
  });

  it('hands a failed load to the error boundary, and tries again on the next use', async () => {
    // React reports the error it hands to the boundary.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let loads = 0;
    const OnDemand = loadable(() =>
      ++loads === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve({ default: Page }),
    );
    renderPlain(
      <Boundary>
        <OnDemand />
      </Boundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('This page could not be loaded.');
    await OnDemand.load();
    expect(loads).toBe(2);
    reported.mockRestore();
  });
});
