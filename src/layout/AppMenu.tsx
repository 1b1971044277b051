import { createElement, Fragment, type ReactElement, useEffect } from 'react';
import { Menu, useStore, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import {
  sectionLabelKey,
  type SidebarItem,
  type SidebarSectionId,
  sidebarSectionOf,
  visibleSidebarSections,
} from '../../domain/permissions';
import { MENU_BADGES } from './menuBadges';
import { iconFor, sectionIconFor } from './menuIcons';
import { SidebarSection } from './SidebarSection';
import { useGranted } from '../useCan';

/** Which sections are open, kept in react-admin's store (localStorage): the sidebar opens as it was left. */
export const OPEN_SECTIONS_KEY = 'sidebar.openSections';

const ItemIcon = ({ item }: { item: SidebarItem }) => {
  const icon = createElement(iconFor(item.path));
  const WithBadge = MENU_BADGES[item.path];
  return WithBadge ? <WithBadge icon={icon} /> : icon;
};

/** A closed section's header carries the badges of its items (new orders wait in a closed "Administration"). */
const sectionIcon = (id: SidebarSectionId, items: readonly SidebarItem[], open: boolean): ReactElement =>
  items.reduce<ReactElement>(
    (icon, item) => {
      const WithBadge = MENU_BADGES[item.path];
      return WithBadge && !open ? <WithBadge icon={icon} /> : icon;
    },
    createElement(sectionIconFor(id)),
  );

/**
 * The sidebar: exactly the items the user's permissions allow (docs/PRODUCT.md §2 "Sidebar",
 * §6), grouped into collapsible sections (domain SIDEBAR_SECTIONS), each
 * shown only when it holds an allowed item. Which are open is remembered;
 * the current page's section opens by itself; a user with one section sees
 * it open.
 */
export const AppMenu = () => {
  const translate = useTranslate();
  const { granted, isPending } = useGranted();
  const groups = visibleSidebarSections(granted);
  const collapsible = groups.filter((g) => !('flat' in g.section));
  const [openSections, setOpenSections] = useStore<Record<string, boolean>>(OPEN_SECTIONS_KEY, {});
  const isOpen = (id: SidebarSectionId) => openSections[id] ?? collapsible.length === 1;
  const { pathname } = useLocation();
  const current = sidebarSectionOf(pathname);

  useEffect(() => {
    if (current) setOpenSections((open) => (open[current] ? open : { ...open, [current]: true }));
  }, [current, setOpenSections]);

  const menuItem = (item: SidebarItem) => (
    <Menu.Item
      key={item.path}
      to={item.path}
      primaryText={<span data-menu-label>{translate(item.labelKey)}</span>}
      leftIcon={<ItemIcon item={item} />}
    />
  );

  // nothing until the permissions are known: the menu appears whole, never one part first
  if (isPending) return <Menu />;
  return (
    <Menu>
      {groups.map(({ section, items }) => {
        if ('flat' in section) return <Fragment key={section.id}>{items.map(menuItem)}</Fragment>;
        const open = isOpen(section.id);
        return (
          <SidebarSection
            key={section.id}
            id={section.id}
            label={translate(sectionLabelKey(section.id))}
            icon={sectionIcon(section.id, items, open)}
            open={open}
            onToggle={() => setOpenSections((all) => ({ ...all, [section.id]: !open }))}
          >
            {items.map(menuItem)}
          </SidebarSection>
        );
      })}
    </Menu>
  );
};
