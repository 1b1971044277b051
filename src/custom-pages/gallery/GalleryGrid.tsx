import { useState } from 'react';
import {
  Box,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { useTranslate } from 'react-admin';
import { AuthImage } from '../../components/AuthImage';
import type { GalleryItem } from '../../dataProvider/activities';
import { BadgeChip, StatusChip } from '../../resources/activities/ActivityFields';
import { DotList } from '../../components/DotList';

interface GalleryGridProps {
  items: GalleryItem[];
  /** like buttons (the gallery of accepted works) */
  onLike?: (item: GalleryItem) => void;
  /** status chips (the answers' gallery, any status) */
  showStatus?: boolean;
}

/** A grid of thumbnails (GET /evaluation/image/{id}?size=thumb); a click shows the full picture. */
export const GalleryGrid = ({ items, onLike, showStatus }: GalleryGridProps) => {
  const translate = useTranslate();
  const [shown, setShown] = useState<GalleryItem | null>(null);
  return (
    <>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        }}
      >
        {items.map((item) => (
          <Card component="li" key={item.id} aria-label={item.title}>
            {/* named by what it shows (the title, the child, the group), as WCAG 2.5.3 Label in Name asks */}
            <CardActionArea onClick={() => setShown(item)}>
              <Box
                sx={{
                  aspectRatio: '4 / 3',
                  bgcolor: 'grey.100',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  overflow: 'hidden',
                }}
              >
                <AuthImage
                  src={item.thumb}
                  alt=""
                  loading="lazy"
                  style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              </Box>
              <CardContent sx={{ pb: 1 }}>
                <Typography variant="subtitle1" component="h2" noWrap title={item.title}>
                  {item.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  <DotList parts={[item.child_name, item.group_name]} />
                </Typography>
              </CardContent>
            </CardActionArea>
            <CardActions sx={{ justifyContent: 'space-between', pt: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {showStatus ? <StatusChip status={item.status} /> : null}
                <BadgeChip badgeId={item.badge_id} />
              </Stack>
              {onLike ? (
                <Stack direction="row" sx={{ alignItems: 'center' }}>
                  <IconButton
                    color={item.liked ? 'error' : 'default'}
                    aria-pressed={item.liked}
                    aria-label={translate(item.liked ? 'app.gallery.unlike' : 'app.gallery.like', {
                      title: item.title,
                    })}
                    onClick={() => onLike(item)}
                  >
                    {item.liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
                  </IconButton>
                  <Typography variant="body2" aria-label={translate('app.gallery.likes', { smart_count: item.likes })}>
                    {item.likes}
                  </Typography>
                </Stack>
              ) : null}
            </CardActions>
          </Card>
        ))}
      </Box>
      <Dialog open={!!shown} onClose={() => setShown(null)} maxWidth="lg" aria-labelledby="gallery-image-title">
        {shown ? (
          <>
            <DialogTitle id="gallery-image-title" sx={{ pe: 6 }}>
              {shown.title}
              <IconButton
                aria-label={translate('ra.action.close')}
                onClick={() => setShown(null)}
                sx={{ position: 'absolute', insetInlineEnd: 8, top: 8 }}
              >
                <CloseIcon />
              </IconButton>
            </DialogTitle>
            <DialogContent>
              <AuthImage
                src={shown.image}
                alt={shown.title}
                style={{ maxWidth: '100%', maxHeight: '75vh', display: 'block', margin: '0 auto' }}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                <DotList parts={[shown.child_name, shown.group_name, shown.course_name]} />
              </Typography>
            </DialogContent>
          </>
        ) : null}
      </Dialog>
    </>
  );
};
