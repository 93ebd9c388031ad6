import { ApiError, errorFromResponse } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

/** The file name the server gave in Content-Disposition, if any. */
function fileNameOf(response: Response): string | null {
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoded name: fall through to the plain one.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/**
 * Downloads one of our images as a file. Fetched first rather than linked, so that a failure
 * (no ztartag yet, a code that cannot be drawn) shows its message instead of saving an error page.
 * Throws an ApiError.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  if (isDemoMode()) throw new ApiError({ code: 'demo_mode', status: 0 });
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError({ code: navigator.onLine === false ? 'offline' : 'network_error', status: 0 });
  }
  if (!response.ok) throw await errorFromResponse(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response) ?? fallbackName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the browser keeps its own copy.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
