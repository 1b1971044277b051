import { createElement } from 'react';
import { Menu, usePermissions, useTranslate } from 'react-admin';
import { visibleSidebar } from '../../domain/permissions';
import { iconFor } from './menuIcons';

/** The sidebar: exactly the items the user's permissions allow (SPEC.md §2, §6). */
export const AppMenu = () => {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const items = visibleSidebar(Array.isArray(permissions) ? permissions : []);
  return (
    <Menu>
      {items.map((item) => (
        <Menu.Item
          key={item.path}
          to={item.path}
          primaryText={translate(item.labelKey)}
          leftIcon={createElement(iconFor(item.path))}
        />
      ))}
    </Menu>
  );
};
