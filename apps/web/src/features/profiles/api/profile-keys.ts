/** Query keys of the profile's own photos and posts, and of public profiles. */
export const profileKeys = {
  all: ['profile'] as const,
  photos: () => [...profileKeys.all, 'photos'] as const,
  posts: () => [...profileKeys.all, 'posts'] as const,
  tipsReceived: () => [...profileKeys.all, 'tips-received'] as const,
  publicProfile: (ztartag: string) => ['public-profile', ztartag.toLowerCase()] as const,
};
