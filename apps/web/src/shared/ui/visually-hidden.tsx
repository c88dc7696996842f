import type { ReactNode } from 'react';
import './shell.css';

/**
 * Content read by screen readers and kept out of sight (text alternatives, exact figures). Inline
 * by default; `block` for content such as tables.
 */
export function VisuallyHidden({ children, block = false }: { children: ReactNode; block?: boolean }) {
  return block ? <div className="andes-visually-hidden">{children}</div> : <span className="andes-visually-hidden">{children}</span>;
}
