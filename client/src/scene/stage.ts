// The Pixi application: WebGL where the browser has it in hardware, else Pixi's Canvas 2D renderer
// (software-only WebGL such as headless Chromium's --disable-gpu is slower than canvas, so it is
// refused). `pixi.js/unsafe-eval` keeps shaders working under a CSP without 'unsafe-eval'. The stage
// renders only while something moves: an idle game costs no CPU or battery.
import 'pixi.js/unsafe-eval';
import { Application } from 'pixi.js';

export interface Stage {
  app: Application;
  renderer: 'webgl' | 'canvas';
}

let app: Application | null = null;
let animations = 0;
let pending = false;

/** Draws the next frame once (a static change). */
export function invalidate(): void {
  if (!app || pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    if (app && animations === 0) app.render();
  });
}

/** Runs the render loop for as long as `work` lasts. */
export async function animating<T>(work: () => Promise<T>): Promise<T> {
  animations++;
  if (animations === 1) app?.start();
  try {
    return await work();
  } finally {
    animations--;
    if (animations === 0) {
      app?.stop();
      invalidate();
    }
  }
}

export function holdAnimation(): () => void {
  animations++;
  if (animations === 1) app?.start();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    animations--;
    if (animations === 0) {
      app?.stop();
      invalidate();
    }
  };
}

/** WebGL drawn by the CPU (SwiftShader, llvmpipe): Pixi's canvas renderer is faster there. */
function softwareWebGL(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|software/i.test(name);
  } catch {
    return false;
  }
}

export async function createStage(host: HTMLElement): Promise<Stage> {
  const attempts: Array<Array<'webgl' | 'canvas'>> = softwareWebGL()
    ? [['canvas']]
    : [['webgl', 'canvas'], ['canvas']];
  let lastError: unknown;
  for (const preference of attempts) {
    const candidate = new Application();
    try {
      await candidate.init({
        resizeTo: host,
        autoStart: false,
        failIfMajorPerformanceCaveat: true,
        backgroundAlpha: 0,
        antialias: true,
        autoDensity: true,
        resolution: Math.min(window.devicePixelRatio || 1, 2),
        preference,
      });
      candidate.canvas.setAttribute('aria-hidden', 'true');
      host.appendChild(candidate.canvas);
      const renderer = candidate.renderer.name === 'webgl' ? 'webgl' : 'canvas';
      app = candidate;
      candidate.renderer.on('resize', invalidate);
      // resizeTo follows the window only; the host also changes size when the layout around it does.
      new ResizeObserver(() => candidate.queueResize()).observe(host);
      return { app: candidate, renderer };
    } catch (error) {
      lastError = error;
      try {
        candidate.destroy(true);
      } catch {
        // a half-initialised renderer may not destroy cleanly; the next attempt starts afresh
      }
    }
  }
  throw lastError instanceof Error ? lastError : new Error('no renderer available');
}
