import type { ReactNode } from 'react';
import './facts.css';

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  /** For tests and the browser run. */
  testId?: string;
  /** Emphasised (a total, the amount that decides). */
  strong?: boolean;
}

/** Label–value rows, the way product terms, previews and settlements read. */
export function Facts({ facts, className }: { facts: (Fact | false | null | undefined)[]; className?: string }) {
  return (
    <dl className={`facts ${className ?? ''}`}>
      {facts
        .filter((fact): fact is Fact => Boolean(fact))
        .map((fact, index) => (
          // Rows never reorder while shown; the index is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className={`facts__row ${fact.strong ? 'facts__row--strong' : ''}`} data-testid={fact.testId}>
            <dt className="facts__label">{fact.label}</dt>
            <dd className="facts__value">{fact.value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A titled card on the dark page: a product, a form, an explanation. */
export function Section({ title, extra, children, className, testId }: { title?: ReactNode; extra?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={`section-card ${className ?? ''}`} data-testid={testId}>
      {title || extra ? (
        <header className="section-card__head">
          <h2 className="section-card__title">{title}</h2>
          {extra}
        </header>
      ) : null}
      {children}
    </section>
  );
}
