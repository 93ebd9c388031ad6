import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Photo, Post } from '@ztart/shared/contracts/posts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileLinkOf } from '@/features/profiles/pages/profile-page';
import { ztartagOfPath } from '@/features/profiles/public-profile-path';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

const PHOTO: Photo = {
  id: '11111111-1111-4111-8111-111111111111',
  url: '/api/photos/11111111-1111-4111-8111-111111111111',
  width: 800,
  height: 600,
  visibility: 'public',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const POST: Post = {
  id: '22222222-2222-4222-8222-222222222222',
  text: 'Playing at the harbour tonight',
  photo: null,
  visibility: 'public',
  createdAt: '2026-11-21T10:00:00.000Z',
};
const EMPTY_TIPS = { items: [], nextCursor: null, totals: [] };
/** The first look at a screen waits for its lazily loaded code and texts: longer on a busy machine. */
const FIRST_LOAD = { timeout: 10_000 };

describe('/profile sections', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('shows the gallery, opens a photo larger and deletes it after a confirmation', async () => {
    const api = mockApi({
      'GET /api/profiles/me/photos': [200, { items: [PHOTO], nextCursor: null }],
      [`DELETE /api/profiles/me/photos/${PHOTO.id}`]: [204],
    });
    renderRoute('/profile?section=gallery', { auth: signedIn(), toaster: true });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /Open the photo of/ }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Public')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    expect(api.callsTo('DELETE', `/api/profiles/me/photos/${PHOTO.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));

    expect(await screen.findByText('Photo deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/profiles/me/photos/${PHOTO.id}`)).toHaveLength(1);
  });

  it('says "Could not delete photo" when the deletion fails', async () => {
    mockApi({
      'GET /api/profiles/me/photos': [200, { items: [PHOTO], nextCursor: null }],
      [`DELETE /api/profiles/me/photos/${PHOTO.id}`]: [500, error('internal_error')],
    });
    renderRoute('/profile?section=gallery', { auth: signedIn() });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /Open the photo of/ }, FIRST_LOAD));
    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));

    expect(await screen.findByText('Could not delete photo')).toBeInTheDocument();
  });

  it('shows an empty gallery with the way to add a photo', async () => {
    mockApi({ 'GET /api/profiles/me/photos': [200, { items: [], nextCursor: null }] });
    const { router } = renderRoute('/profile?section=gallery', { auth: signedIn() });

    await userEvent.click(await screen.findByRole('button', { name: 'Add a photo' }, FIRST_LOAD));

    expect(router.state.location.search).toBe('?section=photos');
    expect(screen.getByRole('tab', { name: 'Photos', selected: true })).toBeInTheDocument();
  });

  it('asks for the camera only when opened, and says "Failed to capture photo" when it cannot', async () => {
    mockApi({});
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    renderRoute('/profile?section=photos', { auth: signedIn() });

    const open = await screen.findByRole('button', { name: 'Open camera' }, FIRST_LOAD);
    expect(getUserMedia).not.toHaveBeenCalled();
    await userEvent.click(open);

    expect(await screen.findByText('Failed to capture photo')).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
  });

  it('uploads a chosen file with the visibility chosen, private unless changed', async () => {
    const api = mockApi({ 'POST /api/profiles/me/photos': [201, { ...PHOTO, visibility: 'private' }] });
    renderRoute('/profile?section=photos', { auth: signedIn(), toaster: true });
    const user = userEvent.setup();
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'street.jpg', { type: 'image/jpeg' });

    await user.upload(await screen.findByLabelText('Choose a photo', undefined, FIRST_LOAD), file);
    expect(screen.getAllByRole('radio', { name: 'Only me' })[0]).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));

    expect(await screen.findByText('Photo added to your gallery')).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/api/profiles/me/photos');
    expect(call?.path).toBe('/api/profiles/me/photos?visibility=private');
    expect(call?.body).toBe(file);
  });

  it('writes a post, refusing an empty one first', async () => {
    const api = mockApi({
      'GET /api/posts': [200, { items: [], nextCursor: null }],
      'POST /api/posts': [201, POST],
    });
    renderRoute('/profile?section=posts', { auth: signedIn(), toaster: true });
    const user = userEvent.setup();

    expect(
      await screen.findByText('No posts yet. Write your first one above.', undefined, FIRST_LOAD),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/posts')).toHaveLength(0);

    await user.type(screen.getByLabelText('Your post'), POST.text);
    await user.click(screen.getByRole('radio', { name: 'Everyone, on my public profile' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Post published')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/posts')[0]?.body).toEqual({
      text: POST.text,
      visibility: 'public',
      photoId: null,
    });
  });

  it('shows recent public activity and the tips received in the last 30 days', async () => {
    mockApi({
      'GET /api/profiles/me/photos': [200, { items: [PHOTO], nextCursor: null }],
      'GET /api/posts': [
        200,
        {
          items: [POST, { ...POST, id: crypto.randomUUID(), visibility: 'private', text: 'Secret' }],
          nextCursor: null,
        },
      ],
      'GET /api/tips/received': [
        200,
        {
          ...EMPTY_TIPS,
          totals: [
            { currency: 'USD', period: 'last30d', completedMinor: 500, pendingMinor: 0, count: 3 },
            { currency: 'EUR', period: 'last30d', completedMinor: 200, pendingMinor: 0, count: 2 },
            { currency: 'USD', period: 'all', completedMinor: 900, pendingMinor: 0, count: 9 },
          ],
        },
      ],
    });
    renderRoute('/profile?section=activity', { auth: signedIn() });

    const activity = await screen.findByRole('region', { name: 'Recent activity' }, FIRST_LOAD);
    await waitFor(() =>
      expect(within(activity).getByText('Tips received in the last 30 days').nextSibling).toHaveTextContent(
        '5',
      ),
    );
    expect(within(activity).getByText('Wrote a post')).toBeInTheDocument();
    expect(within(activity).getByText('Added a photo')).toBeInTheDocument();
    expect(within(activity).queryByText('Secret')).not.toBeInTheDocument();
  });

  it('copies the public profile link, and says so when it could not', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    renderRoute('/profile', { auth: signedIn(), toaster: true });
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(await screen.findByRole('button', { name: 'Copy profile link' }, FIRST_LOAD));
    expect(await screen.findByText('Profile link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(profileLinkOf('ana'));
    await user.click(screen.getByRole('button', { name: 'Copy profile link' }));
    expect(await screen.findByText('Could not copy link')).toBeInTheDocument();
  });
});

describe('/@<ztartag>', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const PROFILE = {
    ztartag: 'maria_waits',
    fullName: 'María Santos',
    avatarUrl: null,
    verified: true,
    currency: 'USD',
    minMinor: 100,
    maxMinor: 10_000,
    presetsMinor: [200, 500],
    photos: [{ id: PHOTO.id, url: PHOTO.url, width: 800, height: 600, createdAt: PHOTO.createdAt }],
    posts: [{ id: POST.id, text: POST.text, photo: null, createdAt: POST.createdAt }],
  };

  it('recognises only a valid ztartag after /@', () => {
    expect(ztartagOfPath('/@maria_waits')).toBe('maria_waits');
    expect(ztartagOfPath('/@Maria_Waits/')).toBe('Maria_Waits');
    expect(ztartagOfPath('/@no')).toBeNull();
    expect(ztartagOfPath('/@maria/photos')).toBeNull();
    expect(ztartagOfPath('/maria')).toBeNull();
    expect(ztartagOfPath('/@%E0%A4%A')).toBeNull();
  });

  it('shows the public photos and posts with a tip button, signed out', async () => {
    mockApi({ 'GET /api/public/profiles/maria_waits': [200, PROFILE] });
    renderRoute('/@maria_waits');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'María Santos' }, FIRST_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tip @maria_waits' })).toHaveAttribute(
      'href',
      '/quick-tip?to=maria_waits',
    );
    expect(screen.getByText(POST.text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Open the photo of/ })).toBeInTheDocument();
  });

  it('says so when nobody has the tag', async () => {
    mockApi({ 'GET /api/public/profiles/nobody_here': [404, error('recipient_user_not_found')] });
    renderRoute('/@nobody_here');

    expect(
      await screen.findByText('Nobody has the ztartag @nobody_here.', undefined, FIRST_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Tip @/ })).not.toBeInTheDocument();
  });
});
