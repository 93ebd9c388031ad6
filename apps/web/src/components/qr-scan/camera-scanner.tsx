import { Camera, CameraOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeQrFrom } from '@/components/qr-scan/decode-qr';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';

/** How often a frame is read: often enough to feel instant, rarely enough to spare a phone's battery. */
const FRAME_INTERVAL_MS = 250;

type CameraProblem = 'denied' | 'unavailable';

function problemOf(error: unknown): CameraProblem {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')
    ? 'denied'
    : 'unavailable';
}

/**
 * The back camera, read frame by frame until a QR code shows up; then the camera stops and the
 * text goes to `onText`. The camera also stops when this leaves the page (another tab, another
 * screen), so it is never left running unseen.
 */
export function CameraScanner({ onText }: { onText: (text: string) => void }) {
  const { t } = useTranslation('qr');
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [state, setState] = useState<'idle' | 'starting' | 'running'>('idle');
  const [problem, setProblem] = useState<CameraProblem | null>(null);

  const stop = useCallback(() => {
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = null;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState('idle');
  }, []);

  useEffect(() => stop, [stop]);

  const readFrames = useCallback(() => {
    const tick = async () => {
      const video = videoRef.current;
      if (!video || !streamRef.current) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        canvasRef.current ??= document.createElement('canvas');
        const text = await decodeQrFrom(video, video.videoWidth, video.videoHeight, canvasRef.current);
        // Stopped while this frame was read: its result belongs to no one.
        if (!streamRef.current) return;
        if (text !== null) {
          stop();
          onText(text);
          return;
        }
      }
      timerRef.current = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
    };
    void tick();
  }, [onText, stop]);

  const start = async () => {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unavailable');
      return;
    }
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) {
        stop();
        return;
      }
      video.srcObject = stream;
      await video.play();
      setState('running');
      readFrames();
    } catch (error) {
      stop();
      setProblem(problemOf(error));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        className={
          state === 'idle'
            ? 'hidden'
            : 'relative mx-auto aspect-square w-full max-w-sm overflow-hidden rounded-xl bg-black'
        }
      >
        {/* muted + playsInline: phones play a camera preview inline only when it is silent. */}
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label={t('scan.cameraPreview')}
          className="size-full object-cover"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-[15%] rounded-lg border-4 border-white/80"
        />
      </div>
      <p aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
        {state === 'starting' ? t('scan.starting') : state === 'running' ? t('scan.pointCamera') : ''}
      </p>
      {problem ? <FormAlert>{t(`scan.camera.${problem}`)}</FormAlert> : null}
      <div>
        {state === 'idle' ? (
          <Button onClick={() => void start()}>
            <Camera aria-hidden="true" />
            {t('scan.startCamera')}
          </Button>
        ) : (
          <Button variant="outline" onClick={stop}>
            <CameraOff aria-hidden="true" />
            {t('scan.stopCamera')}
          </Button>
        )}
      </div>
    </div>
  );
}
