/**
 * The one inline script of index.html (docs/decisions/011-first-load-size.md). A signed-in phone needs the
 * `app` chunk (React, the router, Chakra), the `theme` chunk (the Chakra system, with its stylesheet) and
 * the `phone` chunk (layout, field screens, outbox) as soon as the entry, so this asks for them at once
 * instead of one after the other; on /login (no session) it does nothing: the login form paints without
 * them and they load when the password is sent. The stylesheet is only preloaded, in CORS mode as Vite's
 * loader asks for it, so the loader still links it and waits for it before the theme's code runs. Their
 * hashed names are in a meta tag, space-separated, so the script's text never changes: the build writes it
 * into index.html (vite.config.ts) and the server allows exactly this text by its hash in the
 * Content-Security-Policy (server/lib/csp.ts). Shared by both, hence here.
 */
export const SESSION_TOKEN_KEY = 'hadir.token';
export const PHONE_CHUNK_META = 'hadir-phone-chunk';
export const BOOT_SCRIPT =
  `try{var m=document.querySelector('meta[name="${PHONE_CHUNK_META}"]');` +
  `if(m&&localStorage.getItem('${SESSION_TOKEN_KEY}'))m.content.split(' ').forEach(function(h){` +
  `var l=document.createElement('link');if(/\\.css$/.test(h)){l.rel='preload';l.as='style';l.crossOrigin=''}` +
  `else l.rel='modulepreload';l.href=h;document.head.appendChild(l)})}catch(e){}`;
