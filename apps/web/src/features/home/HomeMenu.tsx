import { Grid } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import type { MenuEntry } from './api.ts';

/** The entry grid: every entry the server lists, in its order. */
export function HomeMenu({ menu }: { menu: MenuEntry[] }) {
  const navigate = useNavigate();
  if (menu.length === 0) return null;
  return (
    <Grid columns={5} gap={[4, 14]} className="home-menu" data-testid="home-menu">
      {menu.map((entry) => (
        <Grid.Item key={entry.key} className="home-menu__item" onClick={() => navigate(entry.route)} data-testid={`home-menu-${entry.key}`}>
          <img src={entry.icon} alt="" className="home-menu__icon" />
          <span className="home-menu__name">{entry.name}</span>
        </Grid.Item>
      ))}
    </Grid>
  );
}
