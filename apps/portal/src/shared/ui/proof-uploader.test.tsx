import { calls } from '@return-center/contract';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { photo, stubUploads } from '../../test/fixtures';
import { renderPlain, setUpPortalTests, toasts } from '../../test/render';
import { ProofUploader } from './proof-uploader';

const api = setUpPortalTests();

function Harness({ initial }: { initial: string[] }) {
  const [urls, setUrls] = useState(initial);
  return <ProofUploader label="Provide proof (optional)" value={urls} onChange={setUrls} />;
}

// The file picker's type filter is only a hint (a shopper can pick "All files"), so the tests bypass it.
const renderUploader = (initial: string[] = []) => renderPlain(<Harness initial={initial} />, { applyAccept: false });
const shown = () => screen.queryAllByRole('img').map((img) => (img as HTMLImageElement).src);
const TEN_MB = 10 * 1024 * 1024;
const existing = (n: number) => Array.from({ length: n }, (_, i) => `https://cdn.test/old-${i + 1}.png`);

describe('proof uploader', () => {
  it('uploads a photo in three steps (key, PUT, callback) and shows it', async () => {
    stubUploads(api);
    const { user } = renderUploader();
    await user.upload(screen.getByLabelText('Add photos'), photo('box.png'));
    expect(await screen.findByRole('img', { name: 'Photo 1' })).toBeTruthy();
    expect(shown()).toEqual(['https://cdn.test/box.png']);
    expect(api.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', calls.getUploadKey.path, { filename: 'box.png' }],
      ['PUT', 'https://bucket.test/put/box.png', {}],
      ['GET', calls.uploadCallback.path, { url: 'https://bucket.test/out/box.png' }],
    ]);
    expect(api.requests[1]?.headers['Content-Type']).toBe('image/png');
    expect(toasts()).toEqual([]);
  });

  it.each([
    ['a wrong type', photo('notes.pdf', 'application/pdf'), 'File type should be jep, jpeg, png, gif'],
    ['a file of 10 MB', photo('huge.jpg', 'image/jpeg', TEN_MB), 'Each file should be less than 10M'],
  ])('refuses %s before sending anything', async (_case, file, message) => {
    const { user } = renderUploader();
    await user.upload(screen.getByLabelText('Add photos'), file);
    expect(toasts()).toEqual([message]);
    expect(api.requests).toEqual([]);
    expect(shown()).toEqual([]);
  });

  it('accepts JPEG and GIF photos too, up to just under 10 MB', async () => {
    stubUploads(api);
    const { user } = renderUploader();
    await user.upload(screen.getByLabelText('Add photos'), [
      photo('a.jpg', 'image/jpeg', TEN_MB - 1),
      photo('b.gif', 'image/gif'),
    ]);
    await screen.findByRole('img', { name: 'Photo 2' });
    expect(shown()).toEqual(['https://cdn.test/a.jpg', 'https://cdn.test/b.gif']);
  });

  it('refuses a sixth photo and hides the add button at five', async () => {
    stubUploads(api);
    const { user } = renderUploader(existing(4));
    await user.upload(screen.getByLabelText('Add photos'), [photo('fifth.png'), photo('sixth.png')]);
    await screen.findByRole('img', { name: 'Photo 5' });
    expect(shown()).toHaveLength(5);
    expect(shown()).not.toContain('https://cdn.test/sixth.png');
    expect(toasts()).toEqual(['Images uploaded are limited to 5']);
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(screen.queryByLabelText('Add photos')).toBeNull();
  });

  it('lets the shopper remove a photo, which gives the add button back', async () => {
    const { user } = renderUploader(existing(5));
    expect(screen.queryByLabelText('Add photos')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(shown()).toEqual(['https://cdn.test/old-1.png', ...existing(5).slice(2)]);
    expect(screen.getByLabelText('Add photos')).toBeTruthy();
  });

  it('says "Upload failed" and shows nothing when the callback is refused', async () => {
    stubUploads(api);
    api.on(calls.uploadCallback, fail(calls.uploadCallback, 5000, 'Image could not be decoded'));
    const { user } = renderUploader();
    await user.upload(screen.getByLabelText('Add photos'), photo('broken.png'));
    await expect.poll(toasts).toEqual(['Upload failed']);
    expect(shown()).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says "Upload failed" when the storage refuses the PUT', async () => {
    stubUploads(api);
    api.onPut({ status: 403, body: null });
    const { user } = renderUploader();
    await user.upload(screen.getByLabelText('Add photos'), photo('denied.png'));
    await expect.poll(toasts).toEqual(['Upload failed']);
    expect(shown()).toEqual([]);
    expect(api.requests.map((r) => r.path)).not.toContain(calls.uploadCallback.path);
  });
});
