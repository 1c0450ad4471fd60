import { PREVIEW_READY, previewMessage, type PreviewMessage } from '@return-center/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settings, signedIn, withSettings } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();

describe('the live preview', () => {
  it('posts the draft to the portal frame as a shopper would get it, and again when the portal says it listens', async () => {
    signedIn(server);
    // A button text colour below AA on the theme colour: shoppers get black instead (the server's rule).
    withSettings(server, {
      ...settings,
      style: { ...settings.style, return_page_primary_color: '#ffe14d', primary_btn_text_color: '#ffffff' },
    });
    renderConsole('/settings');
    const frame = await screen.findByTitle<HTMLIFrameElement>(/preview/i);
    const portal = frame.contentWindow;
    if (!portal) throw new Error('The preview frame has no window');
    const received: PreviewMessage[] = [];
    portal.addEventListener('message', (event: MessageEvent<unknown>) => {
      const parsed = previewMessage.safeParse(event.data);
      if (parsed.success) received.push(parsed.data);
    });
    await expect.poll(() => received.length).toBeGreaterThan(0);
    const before = received.length;
    fireEvent(
      window,
      new MessageEvent('message', { data: { type: PREVIEW_READY }, origin: window.location.origin, source: portal }),
    );
    await expect.poll(() => received.length).toBeGreaterThan(before);
    expect(received.at(-1)?.style.primary_btn_text_color).toBe('#000000');
    expect(received.at(-1)?.style.return_page_primary_color).toBe('#ffe14d');
  });
});
