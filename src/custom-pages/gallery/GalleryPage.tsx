import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Stack, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { LinkBase, Loading, Title, useDataProvider, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { GALLERY_PAGE_SIZE } from '../../../domain/activities';
import { ACTIVITY_STATUSES } from '../../../domain/codes';
import type { AppDataProvider } from '../../dataProvider';
import type { GalleryItem } from '../../dataProvider/activities';
import { useBusyAction } from '../../hooks/useBusyAction';
import { GalleryGrid } from './GalleryGrid';
import { PageLinks } from '../../components/PageLinks';

type Kind = 'gallery' | 'answers';

/**
 * /gallery: the accepted works the caller may see, newest or most liked
 * first, with likes. /photo-gallery: every picture handed in within the
 * caller's scope (answers to the teachers' tasks), any status.
 */
const GalleryPage = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const kind: Kind = pathname.startsWith('/photo-gallery') ? 'answers' : 'gallery';
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { run } = useBusyAction();
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<'created_at' | 'likes'>('created_at');
  const [status, setStatus] = useState<number | ''>('');
  const query = {
    limit: GALLERY_PAGE_SIZE,
    offset: (page - 1) * GALLERY_PAGE_SIZE,
    ...(kind === 'gallery' ? { order_by: order } : { status: status === '' ? undefined : status }),
  };
  const key = ['gallery', kind, query];
  const { data, isPending, error } = useQuery({
    queryKey: key,
    queryFn: () => (kind === 'gallery' ? dataProvider.getGallery(query) : dataProvider.getAnswerGallery(query)),
  });
  const like = (item: GalleryItem) =>
    run(async () => {
      const answer = await dataProvider.likeActivity(item.id, !item.liked);
      queryClient.setQueryData(
        key,
        (old: typeof data) =>
          old && {
            ...old,
            gallery: old.gallery.map((g) =>
              g.id === item.id ? { ...g, liked: answer.liked, likes: answer.likes } : g,
            ),
          },
      );
    });
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / GALLERY_PAGE_SIZE));
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate(kind === 'gallery' ? 'app.gallery.title' : 'app.gallery.answersTitle')} />
      <Tabs value={kind} aria-label={translate('app.gallery.title')} sx={{ mb: 2 }}>
        <Tab value="gallery" label={translate('app.gallery.title')} component={LinkBase} to="/gallery" />
        <Tab value="answers" label={translate('app.gallery.answersTitle')} component={LinkBase} to="/photo-gallery" />
      </Tabs>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {translate(kind === 'gallery' ? 'app.gallery.help' : 'app.gallery.answersHelp')}
        </Typography>
        {kind === 'gallery' ? (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={order}
            onChange={(_e, v) => {
              if (v) {
                setOrder(v);
                setPage(1);
              }
            }}
            aria-label={translate('app.gallery.order')}
          >
            <ToggleButton value="created_at">{translate('app.gallery.newest')}</ToggleButton>
            <ToggleButton value="likes">{translate('app.gallery.mostLiked')}</ToggleButton>
          </ToggleButtonGroup>
        ) : (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={status}
            onChange={(_e, v) => {
              setStatus(v ?? '');
              setPage(1);
            }}
            aria-label={translate('resources.activities.fields.status')}
          >
            <ToggleButton value="">{translate('app.gallery.all')}</ToggleButton>
            {ACTIVITY_STATUSES.map((s) => (
              <ToggleButton key={s.id} value={s.id}>
                {translate(s.labelKey)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      </Stack>
      {isPending ? <Loading /> : null}
      {error ? (
        <Alert severity="error">{translate((error as Error).message, { _: (error as Error).message })}</Alert>
      ) : null}
      {data && !data.gallery.length ? (
        <Typography color="text.secondary">{translate('app.gallery.empty')}</Typography>
      ) : null}
      {data?.gallery.length ? (
        <GalleryGrid
          items={data.gallery}
          onLike={kind === 'gallery' ? (item) => void like(item) : undefined}
          showStatus={kind === 'answers'}
        />
      ) : null}
      {pages > 1 ? (
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}>
          <PageLinks page={page - 1} rowsPerPage={1} count={pages} onPageChange={(_e, p) => setPage(p + 1)} />
        </Box>
      ) : null}
    </Box>
  );
};

export default GalleryPage;
