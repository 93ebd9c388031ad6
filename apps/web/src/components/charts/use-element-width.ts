import { type RefObject, useEffect, useRef, useState } from 'react';

/** The element's width in CSS pixels, followed as the layout changes (a chart draws to it). */
export function useElementWidth<T extends HTMLElement>(initialWidth = 320): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initialWidth);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || initialWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width) || initialWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [initialWidth]);
  return [ref, width];
}
