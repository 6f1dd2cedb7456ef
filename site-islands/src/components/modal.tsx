import { useEffect, useId, useRef, type ReactNode } from 'react'
import { CloseIcon } from './icons'

interface ModalProps {
  /** The dialog's accessible name and visible message. */
  message: string
  closeLabel: string
  tone: 'success' | 'error'
  icon: ReactNode
  onClose: () => void
  children?: ReactNode
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * A modal dialog (rendered only while open): native `showModal()` makes the page inert, Tab
 * and Shift+Tab wrap inside it, Escape closes it, and focus returns where it was.
 */
export function Modal({ message, closeLabel, tone, icon, onClose, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      if (dialog.open) dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  function trapTab(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !ref.current) return
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    if (items.length === 0) return
    const first = items[0]
    const last = items[items.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      className={`modal modal-${tone}`}
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose()
      }}
    >
      <div className="modal-body">
        <button type="button" className="modal-x" aria-label={closeLabel} onClick={onClose}>
          <CloseIcon />
        </button>
        <span className="modal-icon">{icon}</span>
        <p id={titleId} className="modal-message">
          {message}
        </p>
        {children}
        <button type="button" className="button button-navy modal-close" onClick={onClose} data-autofocus>
          {closeLabel}
        </button>
      </div>
    </dialog>
  )
}
