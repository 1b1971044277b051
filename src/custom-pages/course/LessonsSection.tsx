import { type ChangeEvent, useRef, useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandIcon from '@mui/icons-material/ExpandMore';
import ImageIcon from '@mui/icons-material/AddPhotoAlternate';
import SortIcon from '@mui/icons-material/SwapVert';
import StepsIcon from '@mui/icons-material/Checklist';
import { DndProvider } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { Confirm, useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { ACTIVITY_KINDS } from '../../../domain/codes';
import { AuthImage } from '../../components/AuthImage';
import { ShortText } from '../../components/ShortText';
import { SortableList } from '../../components/SortableList';
import type { AppDataProvider } from '../../dataProvider';
import type { Lesson, LessonActivity } from '../../dataProvider/teaching';
import { useBusyAction } from '../../hooks/useBusyAction';
import { AdvancedDialog } from './AdvancedDialog';
import { ActivityDialog, LessonDialog } from './LessonDialogs';

/** A text of the user's own inside a translated sentence, kept in its own direction (Unicode first-strong isolate). */
const isolate = (text: string) => `\u2068${text}\u2069`;

type Dialog =
  | { kind: 'lesson'; lesson?: Lesson }
  | { kind: 'activity'; lessonId: Identifier; activity?: LessonActivity }
  | { kind: 'advanced'; activityId: Identifier }
  | { kind: 'deleteLesson'; lesson: Lesson }
  | { kind: 'deleteActivity'; activity: LessonActivity };

/** A lesson: its content, pictures and activities, with the changes its course's makers may make. */
const LessonItem = ({
  lesson,
  index,
  editable,
  open,
  onChanged,
}: {
  lesson: Lesson;
  index: number;
  editable: boolean;
  open: (d: Dialog) => void;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const file = useRef<HTMLInputElement>(null);
  const upload = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen)
      void run(async () => {
        await dataProvider.uploadContentImage(lesson.id, chosen);
        notify('app.notify.saved', { type: 'success' });
        onChanged();
      });
  };
  return (
    <Accordion disableGutters>
      <AccordionSummary expandIcon={<ExpandIcon />}>
        <Typography sx={{ fontWeight: 600 }}>
          {translate('app.lessons.numbered', { n: index + 1, title: isolate(lesson.title) })}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography sx={{ whiteSpace: 'pre-wrap', mb: 2, unicodeBidi: 'plaintext' }}>{lesson.content}</Typography>
        {lesson.images.length ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
            {lesson.images.map((image) => (
              <Box key={image.id} sx={{ position: 'relative' }}>
                <AuthImage src={`${image.url}?thumb=1`} alt="" style={{ height: 120, borderRadius: 6 }} />
                {editable ? (
                  <IconButton
                    size="small"
                    sx={{ position: 'absolute', top: 2, insetInlineEnd: 2, bgcolor: 'background.paper' }}
                    aria-label={translate('app.lessons.removeImage')}
                    onClick={() =>
                      void run(async () => {
                        await dataProvider.deleteContentImage(image.id);
                        onChanged();
                      })
                    }
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                ) : null}
              </Box>
            ))}
          </Stack>
        ) : null}
        <Typography variant="subtitle2">{translate('app.lessons.activities')}</Typography>
        {lesson.activities.length === 0 ? (
          <Typography color="text.secondary" variant="body2">
            {translate('app.lessons.noActivities')}
          </Typography>
        ) : null}
        <List dense>
          {lesson.activities.map((a) => {
            const kind = ACTIVITY_KINDS.find((k) => k.id === a.kind);
            return (
              <ListItem
                key={a.id}
                divider
                secondaryAction={
                  <Box sx={{ display: 'inline-flex' }}>
                    {a.has_advanced || (editable && a.kind === 4) ? (
                      <IconButton
                        aria-label={translate('app.advanced.open', { name: a.title })}
                        title={translate('app.advanced.open', { name: a.title })}
                        onClick={() => open({ kind: 'advanced', activityId: a.id })}
                      >
                        <StepsIcon />
                      </IconButton>
                    ) : null}
                    {editable ? (
                      <>
                        <IconButton
                          aria-label={translate('app.lessons.editActivity')}
                          onClick={() => open({ kind: 'activity', lessonId: lesson.id, activity: a })}
                        >
                          <EditIcon />
                        </IconButton>
                        <IconButton
                          aria-label={translate('app.lessons.deleteActivity')}
                          color="error"
                          onClick={() => open({ kind: 'deleteActivity', activity: a })}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </>
                    ) : null}
                  </Box>
                }
              >
                <ListItemText
                  primary={
                    <>
                      {a.title} {kind ? <Chip size="small" sx={{ mx: 1 }} label={translate(kind.labelKey)} /> : null}
                    </>
                  }
                  secondary={<ShortText text={a.description} />}
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            );
          })}
        </List>
        {editable ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => open({ kind: 'activity', lessonId: lesson.id })}
            >
              {translate('app.lessons.addActivity')}
            </Button>
            <Button size="small" startIcon={<ImageIcon />} disabled={busy} onClick={() => file.current?.click()}>
              {translate('app.lessons.addImage')}
            </Button>
            <input
              ref={file}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              hidden
              onChange={upload}
              aria-label={translate('app.lessons.addImage')}
            />
            <Button size="small" startIcon={<EditIcon />} onClick={() => open({ kind: 'lesson', lesson })}>
              {translate('app.lessons.edit')}
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => open({ kind: 'deleteLesson', lesson })}
            >
              {translate('app.lessons.delete')}
            </Button>
          </Stack>
        ) : null}
      </AccordionDetails>
    </Accordion>
  );
};

/**
 * A course's lessons in order. Its makers add, edit and delete lessons and
 * activities, add pictures, edit advanced activities, and reorder the
 * lessons by drag and drop (the order is stored at each drop).
 */
export const LessonsSection = ({
  courseId,
  lessons,
  editable,
  onChanged,
}: {
  courseId: Identifier;
  lessons: Lesson[];
  editable: boolean;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run } = useBusyAction();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [sorting, setSorting] = useState(false);
  const [order, setOrder] = useState<Lesson[]>(lessons);
  const close = () => setDialog(null);
  const saveOrder = (next: Lesson[]) =>
    run(async () => {
      await dataProvider.sortLessons(
        courseId,
        next.map((l) => l.id),
      );
      notify('app.notify.orderSaved', { type: 'success' });
      onChanged();
    });
  const remove = (work: () => Promise<unknown>, message: string) =>
    run(async () => {
      await work();
      notify(message, { type: 'success' });
      close();
      onChanged();
    });
  const title = translate('app.lessons.title');
  return (
    <Card component="section" sx={{ mt: 2 }}>
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        }
        action={
          editable ? (
            <Stack direction="row" spacing={1}>
              {lessons.length > 1 ? (
                <Button
                  startIcon={<SortIcon />}
                  onClick={() => {
                    setOrder(lessons);
                    setSorting(!sorting);
                  }}
                >
                  {translate(sorting ? 'app.lessons.doneSorting' : 'app.lessons.sort')}
                </Button>
              ) : null}
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'lesson' })}>
                {translate('app.lessons.add')}
              </Button>
            </Stack>
          ) : undefined
        }
      />
      <CardContent>
        {lessons.length === 0 ? <Typography color="text.secondary">{translate('app.lessons.none')}</Typography> : null}
        {sorting ? (
          <DndProvider backend={HTML5Backend}>
            <Typography variant="body2" color="text.secondary">
              {translate('app.lessons.sortHelp')}
            </Typography>
            <SortableList
              type="lesson"
              items={order}
              onChange={setOrder}
              onCommit={(next) => void saveOrder(next)}
              ariaLabel={title}
              label={(l) => l.title}
              render={(l, i) => (
                <ListItemText primary={translate('app.lessons.numbered', { n: i + 1, title: isolate(l.title) })} />
              )}
            />
          </DndProvider>
        ) : (
          lessons.map((lesson, i) => (
            <LessonItem
              key={lesson.id}
              lesson={lesson}
              index={i}
              editable={editable}
              open={setDialog}
              onChanged={onChanged}
            />
          ))
        )}
      </CardContent>
      {dialog?.kind === 'lesson' ? (
        <LessonDialog courseId={courseId} lesson={dialog.lesson} onClose={close} onSaved={onChanged} />
      ) : null}
      {dialog?.kind === 'activity' ? (
        <ActivityDialog lessonId={dialog.lessonId} activity={dialog.activity} onClose={close} onSaved={onChanged} />
      ) : null}
      {dialog?.kind === 'advanced' ? (
        <AdvancedDialog activityId={dialog.activityId} editable={editable} onClose={close} onSaved={onChanged} />
      ) : null}
      <Confirm
        isOpen={dialog?.kind === 'deleteLesson'}
        title="app.lessons.deleteTitle"
        content="app.lessons.deleteContent"
        translateOptions={{ name: dialog?.kind === 'deleteLesson' ? dialog.lesson.title : '' }}
        onConfirm={() => {
          if (dialog?.kind === 'deleteLesson')
            void remove(() => dataProvider.deleteLesson(dialog.lesson.id), 'app.notify.lessonDeleted');
        }}
        onClose={close}
      />
      <Confirm
        isOpen={dialog?.kind === 'deleteActivity'}
        title="app.lessons.deleteActivityTitle"
        content="app.lessons.deleteActivityContent"
        translateOptions={{ name: dialog?.kind === 'deleteActivity' ? dialog.activity.title : '' }}
        onConfirm={() => {
          if (dialog?.kind === 'deleteActivity')
            void remove(() => dataProvider.deleteLessonActivity(dialog.activity.id), 'app.notify.activityDeleted');
        }}
        onClose={close}
      />
    </Card>
  );
};
