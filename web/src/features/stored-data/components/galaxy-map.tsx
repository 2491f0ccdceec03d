import { ActionIcon, Box, Card, Center, ColorSwatch, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconSearch, IconZoomReset } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListEmpty } from '@/components/list-empty.tsx';
import { useGalaxyMap } from '../api/get-galaxy-map.ts';
import { drawGalaxy } from '../map/draw.ts';
import { findSystems } from '../map/find-systems.ts';
import { nearestPoint } from '../map/hit-test.ts';
import { buildGalaxyModel, describeHolding, type GalaxyModel } from '../map/model.ts';
import { centreOn, fitView, panBy, toScreen, toWorld, zoomAt, type Point, type Size, type View } from '../map/view.ts';

/** The performance mark set when the map has first been drawn with the galaxy, its `detail.drawMs` how long that draw took (bench/galaxy-map.ts reads it). */
const FIRST_DRAW_MARK = 'galaxy-map-first-draw';
/** Until the box is measured (and in tests, where nothing is laid out). */
const UNMEASURED: Size = { width: 800, height: 560 };
/** A pointer this close (CSS pixels) to a system points at it. */
const HIT_PX = 12;
/** A search zooms in to this many times the whole-galaxy view, so the system stands among its neighbours. */
const SEARCH_ZOOM = 8;
const BUTTON_ZOOM = 1.6;
const count = new Intl.NumberFormat();
const coordinate = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** Where the name card of a system at screen point `p` goes: beside it, turned inwards near the right and bottom edges. */
function labelTransform(p: Point, size: Size): string {
  const left = p.x > size.width * 0.6;
  const up = p.y > size.height * 0.7;
  return `translate(${p.x + (left ? -12 : 12)}px, ${p.y + (up ? -12 : 12)}px) translate(${left ? '-100%' : '0'}, ${up ? '-100%' : '0'})`;
}

function SystemCard({ model, index }: { model: GalaxyModel; index: number }) {
  const sector = model.sectorOf[index]!;
  const holding = model.holdingAt.get(index);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {model.names[index]}
      </Text>
      <Text size="xs" c="dimmed">
        {sector >= 0 ? `${model.sectorNames[sector]} · ` : ''}
        {coordinate.format(model.xs[index]!)}, {coordinate.format(model.ys[index]!)}
      </Text>
      {holding && (
        <>
          <Text size="xs" c="gold.4">
            {describeHolding(holding)}
          </Text>
          <Text size="xs" c="dimmed" maw={240} truncate>
            {holding.names.slice(0, 3).join(', ')}
            {holding.names.length > 3 ? ', …' : ''}
          </Text>
        </>
      )}
    </Stack>
  );
}

function Legend({ model }: { model: GalaxyModel }) {
  const withHoldings = model.holdingAt.size;
  return (
    <Stack gap={4}>
      <Group gap="md" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color="#d6dce7" size={10} withShadow={false} aria-hidden />
          <Text size="sm">{count.format(model.xs.length)} systems</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color="rgba(139, 152, 176, 0.6)" size={10} radius={0} withShadow={false} aria-hidden />
          <Text size="sm">{count.format(model.outlines.length)} sectors outlined</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color="#ffb01b" size={10} withShadow={false} aria-hidden />
          <Text size="sm">
            {count.format(model.entities)} faction inventory entities at {count.format(withHoldings)} systems
          </Text>
        </Group>
      </Group>
      {(model.systemsPending > 0 || model.entitiesUnplaced > 0) && (
        <Text size="sm" c="dimmed">
          Not on the map yet:{' '}
          {[
            model.systemsPending > 0 && `${count.format(model.systemsPending)} systems whose details (coordinates) are pending`,
            model.entitiesUnplaced > 0 && `${count.format(model.entitiesUnplaced)} entities whose system is not stored`,
          ]
            .filter(Boolean)
            .join('; ')}
          .
        </Text>
      )}
    </Stack>
  );
}

/** The canvas and its controls: one draw per frame of everything, no element per system. */
function GalaxyCanvas({ model }: { model: GalaxyModel }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const labelRef = useRef<HTMLDivElement>(null);
  const sizeRef = useRef<Size>(UNMEASURED);
  const [initial] = useState(() => fitView(model.bounds!, UNMEASURED));
  const fitRef = useRef<View>(initial);
  const viewRef = useRef<View>(initial);
  const frame = useRef(0);
  /** Until the admin pans, zooms or searches, the map keeps the whole galaxy in view (a resize or turned phone included). */
  const moved = useRef(false);
  const [hovered, setHovered] = useState(-1);
  const [selected, setSelected] = useState(-1);
  const [centred, setCentred] = useState('');
  const focus = hovered >= 0 ? hovered : selected;
  const focusRef = useRef(focus);

  const placeLabel = useCallback(() => {
    const label = labelRef.current;
    const index = focusRef.current;
    if (!label || index < 0) return;
    const p = toScreen(viewRef.current, sizeRef.current, model.xs[index]!, model.ys[index]!);
    const shown = p.x >= 0 && p.y >= 0 && p.x <= sizeRef.current.width && p.y <= sizeRef.current.height;
    label.style.display = shown ? '' : 'none';
    label.style.transform = labelTransform(p, sizeRef.current);
  }, [model]);

  const draw = useCallback(() => {
    frame.current = 0;
    const ctx = canvasRef.current?.getContext('2d');
    if (ctx) {
      const ratio = window.devicePixelRatio || 1;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      const started = performance.now();
      drawGalaxy(ctx, model, viewRef.current, sizeRef.current, focusRef.current);
      if (performance.getEntriesByName(FIRST_DRAW_MARK).length === 0) {
        performance.mark(FIRST_DRAW_MARK, { detail: { drawMs: performance.now() - started } });
      }
    }
    placeLabel();
  }, [model, placeLabel]);

  const requestDraw = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(draw);
  }, [draw]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const setView = useCallback(
    (view: View) => {
      viewRef.current = view;
      moved.current = true;
      requestDraw();
    },
    [requestDraw],
  );

  // The canvas follows its box; the first measure fits the whole galaxy in.
  useLayoutEffect(() => {
    const box = boxRef.current!;
    const canvas = canvasRef.current!;
    const measure = () => {
      const size = { width: box.clientWidth || UNMEASURED.width, height: box.clientHeight || UNMEASURED.height };
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(size.width * ratio);
      canvas.height = Math.round(size.height * ratio);
      sizeRef.current = size;
      fitRef.current = fitView(model.bounds!, size);
      if (!moved.current) viewRef.current = fitRef.current;
      draw();
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [model, draw]);

  // The card of the focused system goes beside it at once; the ring around it comes with the next frame.
  useLayoutEffect(() => {
    focusRef.current = focus;
    placeLabel();
    requestDraw();
  }, [focus, placeLabel, requestDraw]);

  // Native listeners: the wheel's must not be passive (it stops the page from scrolling), and pointer moves draw without rendering.
  useEffect(() => {
    const canvas = canvasRef.current!;
    const pointers = new Map<number, Point>();
    let travelled = 0;
    let pinch: number | null = null;
    const local = (e: { clientX: number; clientY: number }): Point => {
      const r = canvas.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const systemAt = (p: Point) => {
      const view = viewRef.current;
      const w = toWorld(view, sizeRef.current, p.x, p.y);
      return nearestPoint(model.grid, w.x, w.y, HIT_PX / view.scale);
    };
    const down = (e: PointerEvent) => {
      canvas.setPointerCapture?.(e.pointerId);
      pointers.set(e.pointerId, local(e));
      travelled = 0;
      // A second finger starts a pinch: zoom follows the distance between the two from here on.
      const [a, b] = [...pointers.values()];
      pinch = pointers.size === 2 ? Math.hypot(a!.x - b!.x, a!.y - b!.y) : null;
    };
    const move = (e: PointerEvent) => {
      const p = local(e);
      const before = pointers.get(e.pointerId);
      if (!before) {
        if (e.pointerType === 'mouse') setHovered(systemAt(p));
        return;
      }
      if (pointers.size === 1) {
        travelled += Math.abs(p.x - before.x) + Math.abs(p.y - before.y);
        setView(panBy(viewRef.current, p.x - before.x, p.y - before.y));
      } else if (pointers.size === 2) {
        const other = [...pointers].find(([id]) => id !== e.pointerId)![1];
        const distance = Math.hypot(p.x - other.x, p.y - other.y);
        const mid = { x: (p.x + other.x) / 2, y: (p.y + other.y) / 2 };
        const midBefore = { x: (before.x + other.x) / 2, y: (before.y + other.y) / 2 };
        let view = panBy(viewRef.current, mid.x - midBefore.x, mid.y - midBefore.y);
        if (pinch) view = zoomAt(view, sizeRef.current, distance / pinch, mid.x, mid.y, fitRef.current.scale);
        pinch = distance;
        travelled = Infinity;
        setView(view);
      }
      pointers.set(e.pointerId, p);
    };
    const up = (e: PointerEvent) => {
      const tap = pointers.size === 1 && pointers.has(e.pointerId) && travelled < 6;
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (tap) {
        const index = systemAt(local(e));
        setSelected(index);
        if (e.pointerType !== 'mouse') setHovered(-1);
      }
    };
    const leave = (e: PointerEvent) => {
      if (e.pointerType === 'mouse' && pointers.size === 0) setHovered(-1);
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = local(e);
      setView(zoomAt(viewRef.current, sizeRef.current, Math.exp(-e.deltaY * 0.002), p.x, p.y, fitRef.current.scale));
    };
    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    canvas.addEventListener('pointerleave', leave);
    canvas.addEventListener('wheel', wheel, { passive: false });
    return () => {
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', up);
      canvas.removeEventListener('pointerleave', leave);
      canvas.removeEventListener('wheel', wheel);
    };
  }, [model, setView]);

  const zoomBy = (factor: number) => {
    const { width, height } = sizeRef.current;
    setView(zoomAt(viewRef.current, sizeRef.current, factor, width / 2, height / 2, fitRef.current.scale));
  };
  const showAll = () => {
    setView(fitRef.current);
    moved.current = false;
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const step = 60;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    if (moves[e.key]) setView(panBy(viewRef.current, ...moves[e.key]!));
    else if (e.key === '+' || e.key === '=') zoomBy(BUTTON_ZOOM);
    else if (e.key === '-') zoomBy(1 / BUTTON_ZOOM);
    else if (e.key === '0') showAll();
    else return;
    e.preventDefault();
  };

  const options = useMemo(() => model.uids.map((uid, i) => ({ value: uid, label: model.names[i]! })), [model]);
  const indexOf = useMemo(() => new Map(model.uids.map((uid, i) => [uid, i])), [model]);
  const centreOnSystem = (uid: string | null) => {
    const index = uid === null ? undefined : indexOf.get(uid);
    if (index === undefined) return;
    viewRef.current = centreOn(viewRef.current, model.xs[index]!, model.ys[index]!, fitRef.current.scale * SEARCH_ZOOM);
    moved.current = true;
    setHovered(-1);
    setSelected(index);
    setCentred(`Centred on ${model.names[index]} at ${coordinate.format(model.xs[index]!)}, ${coordinate.format(model.ys[index]!)}`);
    requestDraw();
  };

  return (
    <Stack gap="sm">
      <Select
        label="Find a system"
        placeholder="Name or UID"
        data={options}
        searchable
        clearable
        // Ten that fit without scrolling (type more to narrow them), in the page's main region rather than a portal.
        limit={10}
        withScrollArea={false}
        comboboxProps={{ withinPortal: false }}
        nothingFoundMessage="No system of that name"
        filter={({ options: all, search, limit }) =>
          findSystems(
            all.filter((o) => 'value' in o),
            search,
            limit,
          )
        }
        leftSection={<IconSearch size={16} aria-hidden />}
        onChange={centreOnSystem}
        maw={{ sm: 360 }}
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {centred}
      </Text>
      <Box ref={boxRef} pos="relative" h={{ base: 380, sm: 600 }} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        <canvas
          ref={canvasRef}
          tabIndex={0}
          role="img"
          aria-label={`Galaxy map: ${count.format(model.xs.length)} systems. Drag to pan, use the wheel, a pinch or the buttons to zoom; arrow keys, + and - work too.`}
          onKeyDown={onKeyDown}
          style={{ display: 'block', width: '100%', height: '100%', touchAction: 'none', cursor: hovered >= 0 ? 'pointer' : 'grab' }}
        />
        <ActionIcon.Group orientation="vertical" pos="absolute" top={12} right={12}>
          <ActionIcon variant="default" size="lg" aria-label="Zoom in" onClick={() => zoomBy(BUTTON_ZOOM)}>
            <IconPlus size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label="Zoom out" onClick={() => zoomBy(1 / BUTTON_ZOOM)}>
            <IconMinus size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label="Show the whole galaxy" onClick={showAll}>
            <IconZoomReset size={18} aria-hidden />
          </ActionIcon>
        </ActionIcon.Group>
        {focus >= 0 && (
          <Paper
            ref={labelRef}
            data-testid="system-card"
            shadow="md"
            p="xs"
            withBorder
            pos="absolute"
            top={0}
            left={0}
            style={{ pointerEvents: 'none' }}
          >
            <SystemCard model={model} index={focus} />
          </Paper>
        )}
      </Box>
      <Legend model={model} />
    </Stack>
  );
}

/** The stored galaxy on a map: systems at their coordinates, sectors outlined, the faction inventory on top. */
export function GalaxyMap() {
  const map = useGalaxyMap();
  const model = useMemo(() => (map.data ? buildGalaxyModel(map.data) : null), [map.data]);
  return (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      {map.isError ? (
        <ErrorAlert title="Failed to load the galaxy map." error={map.error} onRetry={() => void map.refetch()} />
      ) : !model ? (
        <Center py="xl" role="status">
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed" size="sm">
              Loading the galaxy...
            </Text>
          </Group>
        </Center>
      ) : model.xs.length === 0 ? (
        <ListEmpty
          title="No systems on the map yet"
          description={
            model.systemsPending > 0
              ? `${count.format(model.systemsPending)} systems are stored, but their coordinates (details) are pending.`
              : 'Sync systems (and sectors, for their outlines) on Radiant Management to see the galaxy.'
          }
        />
      ) : (
        <GalaxyCanvas model={model} />
      )}
    </Card>
  );
}
