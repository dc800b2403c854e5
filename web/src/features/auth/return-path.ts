// Where to come back to after the provider sign-in: remembered in sessionStorage by the guard of a
// protected route, consumed when the sign-in starts. Only same-site paths are accepted.
const RETURN_PATH_KEY = 'homerounds:return-to';

export function isSafeReturnPath(path: string | null | undefined): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

export function rememberReturnPath(path: string): void {
  if (!isSafeReturnPath(path)) return;
  try {
    window.sessionStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Storage may be unavailable (privacy mode); the sign-in then returns to the home page.
  }
}

export function forgetReturnPath(): void {
  try {
    window.sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    // Nothing remembered.
  }
}

/** The absolute redirect URL for the provider sign-in; consumes the remembered path. */
export function takeRedirectUrl(origin: string = window.location.origin): string {
  let path: string | null = null;
  try {
    path = window.sessionStorage.getItem(RETURN_PATH_KEY);
    window.sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    path = null;
  }
  return `${origin}${isSafeReturnPath(path) ? path : '/'}`;
}
