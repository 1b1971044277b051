import type { ReactElement, ReactNode } from 'react';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemIcon, ListItemText, MenuItem, Tooltip } from '@mui/material';
import { useSidebarState } from 'react-admin';

interface SidebarSectionProps {
  id: string;
  label: string;
  icon: ReactElement;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/**
 * A collapsible section of the sidebar: a header (a menu item that says
 * whether it is expanded) and, when open, its items, indented. Right to
 * left in Arabic like the rest of the menu (the theme's direction).
 */
export const SidebarSection = ({ id, label, icon, open, onToggle, children }: SidebarSectionProps) => {
  const [sidebarOpen] = useSidebarState();
  const header = (
    <MenuItem
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={`sidebar-section-${id}`}
      data-sidebar-section={id}
      sx={{ color: 'text.secondary', fontWeight: 500 }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
      <ListItemText primary={<span data-section-label>{label}</span>} sx={{ my: 0 }} />
      {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
    </MenuItem>
  );
  return (
    <>
      {sidebarOpen ? (
        header
      ) : (
        <Tooltip title={label} placement="right">
          {header}
        </Tooltip>
      )}
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List
          id={`sidebar-section-${id}`}
          component="div"
          disablePadding
          sx={{ '& .RaMenuItemLink-root, & .MuiMenuItem-root': { pl: sidebarOpen ? 4 : 2 } }}
        >
          {children}
        </List>
      </Collapse>
    </>
  );
};
