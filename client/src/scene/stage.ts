// The Pixi application: WebGL where the browser has it, else Pixi's Canvas 2D renderer (headless
// Chromium with --disable-gpu, old phones). `pixi.js/unsafe-eval` keeps shaders working under a
// Content-Security-Policy without 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { Application } from 'pixi.js';

export interface Stage {
  app: Application;
  renderer: 'webgl' | 'canvas';
}

export async function createStage(host: HTMLElement): Promise<Stage> {
  const attempts: Array<Array<'webgl' | 'canvas'>> = [['webgl', 'canvas'], ['canvas']];
  let lastError: unknown;
  for (const preference of attempts) {
    const app = new Application();
    try {
      await app.init({
        resizeTo: host,
        backgroundAlpha: 0,
        antialias: true,
        autoDensity: true,
        resolution: Math.min(window.devicePixelRatio || 1, 2),
        preference,
      });
      app.canvas.setAttribute('aria-hidden', 'true');
      host.appendChild(app.canvas);
      const renderer = app.renderer.name === 'webgl' ? 'webgl' : 'canvas';
      return { app, renderer };
    } catch (error) {
      lastError = error;
      try {
        app.destroy(true);
      } catch {
        // a half-initialised renderer may not destroy cleanly; the next attempt starts afresh
      }
    }
  }
  throw lastError instanceof Error ? lastError : new Error('no renderer available');
}
