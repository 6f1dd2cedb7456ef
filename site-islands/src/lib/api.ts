//! The public API calls the islands make (anonymous, with the site's API key).
import { islandConfig } from './config'

/** A failed API call: the HTTP status, the first failing rule's message and per-field messages. */
export class ApiError extends Error {
  readonly status: number
  readonly errors: Record<string, string>

  constructor(status: number, message: string, errors: Record<string, string> = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.errors = errors
  }
}

/** POSTs JSON to `apiBase + path`; resolves with the parsed body, or throws `ApiError`. */
export async function postJson(path: string, body: unknown): Promise<unknown> {
  const { apiBase, apiKey, lang } = islandConfig()
  let response: Response
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        // The server's messages come in the page's language (the same table the islands check with).
        'accept-language': lang,
        'x-api-key': apiKey,
      },
      body: JSON.stringify(body),
    })
  } catch (cause) {
    throw new ApiError(0, cause instanceof Error ? cause.message : 'Network error')
  }
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const { message, errors } = (payload ?? {}) as { message?: unknown; errors?: unknown }
    throw new ApiError(
      response.status,
      typeof message === 'string' ? message : response.statusText,
      isMessageMap(errors) ? errors : {},
    )
  }
  return payload
}

function isMessageMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((message) => typeof message === 'string')
  )
}
