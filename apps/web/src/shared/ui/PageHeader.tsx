import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

interface Props {
  title: ReactNode;
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
