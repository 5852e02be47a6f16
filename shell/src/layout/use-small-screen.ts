import { useEffect, useState } from 'react';
import { RESIZE_DEBOUNCE_MS, SIDEBAR_BREAKPOINT_PX } from '@baridesk/domain';

const isSmall = () => typeof window !== 'undefined' && window.innerWidth < SIDEBAR_BREAKPOINT_PX;

/** True below the sidebar breakpoint (1200 px), where the sidebar becomes a drawer; resizes are debounced. */
export function useSmallScreen(): boolean {
  const [small, setSmall] = useState(isSmall);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSmall(isSmall()), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return small;
}
