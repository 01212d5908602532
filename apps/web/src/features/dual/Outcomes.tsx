import { useTranslation } from 'react-i18next';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import type { Direction, Outcome } from './api.ts';

interface Props {
  type: Direction;
  coin: string;
  linkedPrice: string;
  kept: Outcome;
  converted: Outcome;
}

/** Both outcomes with their numbers: which side of the linked price pays what, the tie included. */
export function Outcomes({ type, coin, linkedPrice, kept, converted }: Props) {
  const { t } = useTranslation('dual');
  const price = formatDecimal(linkedPrice);
  // A call is converted at or above the linked price, a put at or below it (the tie converts both).
  const rows = [
    { key: 'kept', when: t(`outcome.${type}.kept`, { price, coin }), outcome: kept },
    { key: 'converted', when: t(`outcome.${type}.converted`, { price, coin }), outcome: converted },
  ];
  return (
    <ul className="dual-outcomes" data-testid="dual-outcomes">
      {rows.map((row) => (
        <li key={row.key} className="dual-outcomes__item" data-testid={`dual-outcome-${row.key}`}>
          <span className="dual-outcomes__when">{row.when}</span>
          <span className="dual-outcomes__amount">
            {formatSignificant(row.outcome.amount)} {row.outcome.currency}
          </span>
          <span className="dual-outcomes__interest">{t('outcome.interest', { amount: formatSignificant(row.outcome.interest), currency: row.outcome.currency })}</span>
        </li>
      ))}
    </ul>
  );
}
