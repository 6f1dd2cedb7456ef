/**
 * The administrator's session token, kept in local storage. Anything that ends the session
 * (logout, a 401 from the API) goes through `endSession`, which listeners (the router) follow.
 */
const TOKEN_KEY = 'concierge.admin.token';

type Listener = () => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

/** Removes the token and tells the app to go to the login page. */
export function endSession(): void {
  clearToken();
  listeners.forEach((listener) => listener());
}

export function onSessionEnd(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
