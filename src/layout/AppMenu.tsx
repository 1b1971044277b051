import { createElement } from 'react';
import { Menu, usePermissions, useTranslate } from 'react-admin';
import { visibleSidebar } from '../../domain/permissions';
import { MENU_BADGES } from './menuBadges';
import { iconFor } from './menuIcons';

/** The sidebar: exactly the items the user's permissions allow (SPEC.md §2, §6). */
export const AppMenu = () => {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const items = visibleSidebar(Array.isArray(permissions) ? permissions : []);
  return (
    <Menu>
      {items.map((item) => {
        const icon = createElement(iconFor(item.path));
        const WithBadge = MENU_BADGES[item.path];
        return (
          <Menu.Item
            key={item.path}
            to={item.path}
            primaryText={<span data-menu-label>{translate(item.labelKey)}</span>}
            leftIcon={WithBadge ? <WithBadge icon={icon} /> : icon}
          />
        );
      })}
    </Menu>
  );
};
