import { useTranslation } from 'react-i18next';
import { type QuoteSort, type SortColumn, nextSort } from './sorting.ts';

interface Props {
  sort: QuoteSort;
  onSortChange(sort: QuoteSort): void;
}

/** Two small arrows; the one of the current direction lights up. */
function SortArrows({ direction }: { direction: 'asc' | 'desc' | undefined }) {
  return (
    <span className="sort-arrows" aria-hidden="true">
      <span className={`sort-arrows__up${direction === 'asc' ? ' sort-arrows--active' : ''}`} />
      <span className={`sort-arrows__down${direction === 'desc' ? ' sort-arrows--active' : ''}`} />
    </span>
  );
}

/** The list's column titles; tapping one sorts by it, descending or ascending, then back to the listing order. */
export function QuoteColumns({ sort, onSortChange }: Props) {
  const { t } = useTranslation('market');
  const header = (column: SortColumn, label: string) => {
    const direction = sort?.column === column ? sort.direction : undefined;
    return (
      <button
        type="button"
        className={`quote-columns__sort quote-columns__sort--${column}`}
        onClick={() => onSortChange(nextSort(sort, column))}
        aria-label={t('columns.sortBy', { column: label })}
        data-direction={direction ?? 'none'}
        data-testid={`sort-${column}`}
      >
        {label}
        <SortArrows direction={direction} />
      </button>
    );
  };
  return (
    <div className="quote-columns">
      <span className="quote-columns__name">
        {header('name', t('columns.name'))}
        <span className="quote-columns__volume">/ {t('columns.volume')}</span>
      </span>
      {header('price', t('columns.price'))}
      <span className="quote-columns__change">{header('change', t('columns.change'))}</span>
    </div>
  );
}
