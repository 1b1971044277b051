import { type ReactNode, useRef } from 'react';
import { Box, IconButton, List, ListItem, ListItemIcon } from '@mui/material';
import DragIcon from '@mui/icons-material/DragIndicator';
import UpIcon from '@mui/icons-material/ArrowUpward';
import DownIcon from '@mui/icons-material/ArrowDownward';
import { useDrag, useDrop } from 'react-dnd';
import { useTranslate, type Identifier } from 'react-admin';

interface Item {
  id: Identifier;
}

const moved = <T,>(items: T[], from: number, to: number): T[] => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

interface RowProps<T extends Item> {
  type: string;
  item: T;
  index: number;
  count: number;
  label: string;
  onMove: (from: number, to: number) => void;
  onDrop: () => void;
  children: ReactNode;
}

/** One row: dragged by its handle, a drop target for the others, with up and down buttons for the keyboard. */
const Row = <T extends Item>({ type, item, index, count, label, onMove, onDrop, children }: RowProps<T>) => {
  const translate = useTranslate();
  const ref = useRef<HTMLLIElement>(null);
  const [, drop] = useDrop<{ id: Identifier; index: number }>({
    accept: type,
    hover(dragged) {
      if (dragged.index === index) return;
      onMove(dragged.index, index);
      dragged.index = index;
    },
  });
  const [{ dragging }, drag] = useDrag({
    type,
    item: () => ({ id: item.id, index }),
    collect: (monitor) => ({ dragging: monitor.isDragging() }),
    end: () => onDrop(),
  });
  drag(drop(ref));
  return (
    <ListItem
      ref={ref}
      data-testid={`sortable-${item.id}`}
      aria-label={label}
      divider
      sx={{ opacity: dragging ? 0.4 : 1, cursor: 'grab', bgcolor: 'background.paper' }}
      secondaryAction={
        <Box sx={{ display: 'inline-flex' }}>
          <IconButton
            size="small"
            aria-label={translate('app.sort.up', { name: label })}
            title={translate('app.sort.up', { name: label })}
            disabled={index === 0}
            onClick={() => {
              onMove(index, index - 1);
              onDrop();
            }}
          >
            <UpIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={translate('app.sort.down', { name: label })}
            title={translate('app.sort.down', { name: label })}
            disabled={index === count - 1}
            onClick={() => {
              onMove(index, index + 1);
              onDrop();
            }}
          >
            <DownIcon fontSize="small" />
          </IconButton>
        </Box>
      }
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        <DragIcon />
      </ListItemIcon>
      {children}
    </ListItem>
  );
};

interface SortableListProps<T extends Item> {
  /** the drag type: items only drop within lists of the same type */
  type: string;
  items: T[];
  /** the new order while dragging (and after each move) */
  onChange: (items: T[]) => void;
  /** a drag ended or a button moved an item: the order to keep */
  onCommit?: (items: T[]) => void;
  label: (item: T) => string;
  render: (item: T, index: number) => ReactNode;
  ariaLabel: string;
}

/** A list ordered by drag and drop (react-dnd; the page provides the DndProvider). */
export const SortableList = <T extends Item>({
  type,
  items,
  onChange,
  onCommit,
  label,
  render,
  ariaLabel,
}: SortableListProps<T>) => {
  // the order as last changed, for the commit at the end of a drag
  const latest = useRef(items);
  latest.current = items;
  const move = (from: number, to: number) => {
    latest.current = moved(latest.current, from, to);
    onChange(latest.current);
  };
  return (
    <List aria-label={ariaLabel} dense>
      {items.map((item, index) => (
        <Row
          key={item.id}
          type={type}
          item={item}
          index={index}
          count={items.length}
          label={label(item)}
          onMove={move}
          onDrop={() => onCommit?.(latest.current)}
        >
          {render(item, index)}
        </Row>
      ))}
    </List>
  );
};
