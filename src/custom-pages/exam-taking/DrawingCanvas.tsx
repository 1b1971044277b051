import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { Box, IconButton, Stack, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import BrushOutlined from '@mui/icons-material/BrushOutlined';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import AutoFixNormalOutlined from '@mui/icons-material/AutoFixNormalOutlined';
import { ReactSketchCanvas, type ReactSketchCanvasRef } from 'react-sketch-canvas';
import { useTranslateFor } from '../../i18n/gender';

/** Colours a child draws with. */
export const PEN_COLOURS = ['#1f2933', '#d64545', '#2f80ed', '#27ae60', '#f2a007', '#8e44ad'] as const;

export interface DrawingHandle {
  /** the drawing as a PNG (with the figure underneath), or null when nothing was drawn */
  toPng(): Promise<Blob | null>;
}

/** A data: URL's bytes as a Blob, decoded here (the page's CSP lets fetch reach only the API). */
export const dataUrlToBlob = (url: string): Blob => {
  const [head, data] = url.split(',', 2);
  const mime = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mime });
};

/**
 * Drawing on the screen with a finger, a pen or a mouse (pointer and touch
 * events, react-sketch-canvas): colours, an eraser, undo and clear. The
 * question's figure, when given, is drawn underneath and kept in the image.
 */
export const DrawingCanvas = forwardRef<
  DrawingHandle,
  { background?: string | null; onChange?: (hasDrawing: boolean) => void; disabled?: boolean }
>(({ background, onChange, disabled }, ref) => {
  const translate = useTranslateFor();
  const canvas = useRef<ReactSketchCanvasRef>(null);
  const [colour, setColour] = useState<string>(PEN_COLOURS[0]);
  const [erasing, setErasing] = useState(false);
  const [hasDrawing, setHasDrawing] = useState(false);

  useImperativeHandle(
    ref,
    () => ({
      async toPng() {
        if (!canvas.current || !hasDrawing) return null;
        return dataUrlToBlob(await canvas.current.exportImage('png'));
      },
    }),
    [hasDrawing],
  );

  const setEraser = (on: boolean) => {
    setErasing(on);
    canvas.current?.eraseMode(on);
  };

  return (
    <Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}
        role="toolbar"
        aria-label={translate('app.exams.ui.drawingTools')}
      >
        <ToggleButtonGroup
          size="small"
          exclusive
          value={erasing ? 'eraser' : 'pen'}
          onChange={(_e, v) => v && setEraser(v === 'eraser')}
        >
          <ToggleButton value="pen" aria-label={translate('app.exams.ui.pen')}>
            <BrushOutlined />
          </ToggleButton>
          <ToggleButton value="eraser" aria-label={translate('app.exams.ui.eraser')}>
            <AutoFixNormalOutlined />
          </ToggleButton>
        </ToggleButtonGroup>
        {PEN_COLOURS.map((c, i) => (
          <Box
            key={c}
            component="button"
            type="button"
            aria-label={translate('app.exams.ui.colour', { n: i + 1 })}
            aria-pressed={!erasing && colour === c}
            onClick={() => {
              setColour(c);
              setEraser(false);
            }}
            sx={{
              width: 36,
              height: 36,
              borderRadius: '50%',
              bgcolor: c,
              cursor: 'pointer',
              border: !erasing && colour === c ? '3px solid #fff' : '3px solid transparent',
              boxShadow: !erasing && colour === c ? `0 0 0 2px ${c}` : 'none',
            }}
          />
        ))}
        <Tooltip title={translate('app.exams.ui.undo')}>
          <IconButton aria-label={translate('app.exams.ui.undo')} onClick={() => canvas.current?.undo()}>
            <UndoOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('app.exams.ui.clear')}>
          <IconButton aria-label={translate('app.exams.ui.clear')} onClick={() => canvas.current?.clearCanvas()}>
            <DeleteSweepOutlined />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        dir="ltr"
        data-testid="drawing-canvas"
        sx={{ touchAction: 'none', pointerEvents: disabled ? 'none' : 'auto', opacity: disabled ? 0.6 : 1 }}
      >
        <ReactSketchCanvas
          ref={canvas}
          width="100%"
          height="360px"
          strokeWidth={5}
          eraserWidth={24}
          strokeColor={colour}
          canvasColor="#ffffff"
          backgroundImage={background ?? ''}
          exportWithBackgroundImage
          preserveBackgroundImageAspectRatio="xMidYMid meet"
          style={{ border: '2px dashed #b8a6d9', borderRadius: 12 }}
          onChange={(paths) => {
            const drawn = paths.some((p) => p.drawMode && p.paths.length > 0);
            setHasDrawing(drawn);
            onChange?.(drawn);
          }}
        />
      </Box>
    </Box>
  );
});
DrawingCanvas.displayName = 'DrawingCanvas';
