import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';

interface Props {
  title: ReactNode;
  /** Header actions: HeaderLink and HeaderButton, or an icon button of the page's own. */
  right?: ReactNode;
  /** Where "back" goes when there is no history (a page opened from a link). */
  fallback?: string;
  back?: boolean;
}

export function PageHeader({ title, right, fallback = '/', back = true }: Props) {
  const navigate = useNavigate();
  const goBack = () => {
    if (window.history.state && window.history.state.idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  };
  return (
    <NavBar className="nav-bar" back={back ? '' : null} onBack={goBack} right={right}>
      {title}
    </NavBar>
  );
}

interface HeaderActionProps {
  label: string;
  /**
   * Shown instead of the label on a narrow phone (under 360 px), where a label
   * would leave the page title too little room; the label stays the action's
   * accessible name and tooltip.
   */
  icon: ReactNode;
  testId: string;
}

function HeaderActionFace({ label, icon }: Pick<HeaderActionProps, 'label' | 'icon'>) {
  return (
    <>
      <span className="header-action__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="header-action__label">{label}</span>
    </>
  );
}

/** A header action that opens another page ("My orders"). */
export function HeaderLink({ to, label, icon, testId }: HeaderActionProps & { to: string }) {
  return (
    <Link to={to} className="header-action" aria-label={label} title={label} data-testid={testId}>
      <HeaderActionFace label={label} icon={icon} />
    </Link>
  );
}

/** A header action that does something on the page itself ("Mark all read"). */
export function HeaderButton({ label, icon, testId, onClick, disabled = false }: HeaderActionProps & { onClick(): void; disabled?: boolean }) {
  return (
    <button type="button" className="header-action" aria-label={label} title={label} disabled={disabled} onClick={onClick} data-testid={testId}>
      <HeaderActionFace label={label} icon={icon} />
    </button>
  );
}
