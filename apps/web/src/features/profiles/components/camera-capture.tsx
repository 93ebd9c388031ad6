import { DEFAULT_VISIBILITY, type Visibility } from '@ztart/shared/contracts/posts';
import { Camera, CameraOff, RotateCcw, Save } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast/toast-store';
import { useUploadPhoto } from '@/features/profiles/api/photos';
import { isGalleryFull } from '@/features/profiles/components/image-file';
import { ProfileSection } from '@/features/profiles/components/profile-section';
import { VisibilityField } from '@/features/profiles/components/visibility';
import { useErrorMessage, useFailureMessage } from '@/hooks/use-error-message';
import { useObjectUrl } from '@/hooks/use-object-url';

type CameraStep =
  | { step: 'closed' }
  | { step: 'starting' }
  | { step: 'live'; ready: boolean }
  | { step: 'captured'; photo: Blob }
  | { step: 'failed' };

/** The current frame of a playing video as a JPEG, or null when there is no frame to take. */
async function frameOf(video: HTMLVideoElement): Promise<Blob | null> {
  if (video.videoWidth === 0 || video.videoHeight === 0) return null;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}

/**
 * Takes a photo with the device's camera: the browser asks for the camera only when the person
 * opens it here; a live preview, then the photo taken, to save or retake. The camera is
 * released as soon as a photo is taken, the camera is closed or the screen is left.
 */
export function CameraCapture() {
  const { t } = useTranslation(['profile', 'errors']);
  const errorMessage = useErrorMessage();
  const failureMessage = useFailureMessage();
  const upload = useUploadPhoto();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraStep>({ step: 'closed' });
  const [visibility, setVisibility] = useState<Visibility>(DEFAULT_VISIBILITY);
  const preview = useObjectUrl(state.step === 'captured' ? state.photo : null);

  const release = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);
  useEffect(() => release, [release]);

  const open = async () => {
    upload.reset();
    setState({ step: 'starting' });
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera access in this browser');
      streamRef.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      setState({ step: 'live', ready: false });
    } catch {
      release();
      setState({ step: 'failed' });
    }
  };

  // The video element exists once the step is live: it gets the stream then.
  const live = state.step === 'live';
  useEffect(() => {
    const video = videoRef.current;
    if (!live || !video || !streamRef.current) return;
    video.srcObject = streamRef.current;
    video.play().catch(() => undefined);
  }, [live]);

  const capture = async () => {
    const video = videoRef.current;
    const photo = video ? await frameOf(video).catch(() => null) : null;
    release();
    setState(photo ? { step: 'captured', photo } : { step: 'failed' });
  };

  const close = () => {
    release();
    upload.reset();
    setState({ step: 'closed' });
  };

  const save = (photo: Blob) =>
    upload.mutate(
      { image: photo, visibility },
      {
        onSuccess: () => {
          toast({ title: t('profile:photos.uploaded'), variant: 'success' });
          setState({ step: 'closed' });
        },
      },
    );

  return (
    <ProfileSection
      icon={Camera}
      title={t('profile:camera.title')}
      description={t('profile:camera.description')}
    >
      {state.step === 'closed' || state.step === 'failed' ? (
        <>
          {state.step === 'failed' ? <FormAlert>{errorMessage('photo_capture_failed')}</FormAlert> : null}
          <Button variant="outline" className="self-start" onClick={() => void open()}>
            <Camera aria-hidden="true" />
            {t('profile:camera.open')}
          </Button>
        </>
      ) : null}
      {state.step === 'starting' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('profile:camera.starting')}
        </p>
      ) : null}
      {state.step === 'live' ? (
        <>
          <video
            ref={videoRef}
            aria-label={t('profile:camera.liveLabel')}
            muted
            playsInline
            onPlaying={() => setState({ step: 'live', ready: true })}
            className="aspect-[4/3] w-full rounded-lg bg-black object-cover"
          />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void capture()} disabled={!state.ready}>
              <Camera aria-hidden="true" />
              {t('profile:camera.capture')}
            </Button>
            <Button variant="outline" onClick={close}>
              <CameraOff aria-hidden="true" />
              {t('profile:camera.close')}
            </Button>
          </div>
        </>
      ) : null}
      {state.step === 'captured' ? (
        <>
          {preview ? (
            <img
              src={preview}
              alt={t('profile:camera.capturedAlt')}
              className="aspect-[4/3] w-full rounded-lg bg-muted object-contain"
            />
          ) : null}
          <VisibilityField value={visibility} onChange={setVisibility} disabled={upload.isPending} />
          {upload.isError ? (
            <FormAlert>
              {isGalleryFull(upload.error)
                ? t('profile:photos.full')
                : failureMessage(upload.error, 'profile_update_failed')}
            </FormAlert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => save(state.photo)} disabled={upload.isPending}>
              <Save aria-hidden="true" />
              {upload.isPending ? t('profile:photos.uploading') : t('profile:camera.save')}
            </Button>
            <Button variant="outline" onClick={() => void open()} disabled={upload.isPending}>
              <RotateCcw aria-hidden="true" />
              {t('profile:camera.retake')}
            </Button>
            <Button variant="ghost" onClick={close} disabled={upload.isPending}>
              {t('profile:camera.close')}
            </Button>
          </div>
        </>
      ) : null}
    </ProfileSection>
  );
}
