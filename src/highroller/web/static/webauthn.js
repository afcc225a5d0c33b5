// Passkeys in the browser: whether they work on this page (a secure page at the site's own address),
// the server's WebAuthn options (JSON, binary fields in base64url) turned into what
// navigator.credentials.create and .get take, and the credentials they give turned back into JSON for
// the server (/api/me/passkeys, /api/signin/passkey). No library: base64url is a few lines.

import { api, h } from "/static/common.js";
import { t } from "/static/i18n.js";

/** Whether this browser can use passkeys on this page (they need https, or http on localhost). */
export function passkeysWork() {
  return Boolean(window.isSecureContext && window.PublicKeyCredential && navigator.credentials);
}

/** Whether passkeys work on this page: `{works}`; opened at another address than the site's own (where
the browser would refuse them), `elsewhere` too: words and a link to `path` there. */
export async function passkeysHere(path) {
  try {
    const site = await api("/api/signin/site");
    if (site.origin !== location.origin) {
      const there = `${site.origin}${path}`;
      return { works: false, elsewhere: [t("Passkeys work at this site's own address:"), " ", h("a", { href: there }, there)] };
    }
  } catch {
    // the server is away: the ceremony will say so
  }
  return { works: passkeysWork() };
}

/** The bytes of a base64url text. */
export function fromBase64url(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** Bytes (an ArrayBuffer or a view of one) as base64url text, without padding. */
export function toBase64url(bytes) {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let binary = "";
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function descriptors(list) {
  return (list || []).map((descriptor) => ({ ...descriptor, id: fromBase64url(descriptor.id) }));
}

/** The publicKey options of navigator.credentials.create, from the server's JSON. */
export function creationOptions(json) {
  return { ...json, challenge: fromBase64url(json.challenge), user: { ...json.user, id: fromBase64url(json.user.id) }, excludeCredentials: descriptors(json.excludeCredentials) };
}

/** The publicKey options of navigator.credentials.get, from the server's JSON. */
export function requestOptions(json) {
  return { ...json, challenge: fromBase64url(json.challenge), allowCredentials: descriptors(json.allowCredentials) };
}

function credentialJSON(credential, response) {
  const json = { id: credential.id, rawId: toBase64url(credential.rawId), type: credential.type, response };
  if (typeof credential.authenticatorAttachment === "string") json.authenticatorAttachment = credential.authenticatorAttachment;
  return json;
}

/** A credential navigator.credentials.create made, as the server reads it. */
export function registrationJSON(credential) {
  const response = credential.response;
  return credentialJSON(credential, {
    clientDataJSON: toBase64url(response.clientDataJSON),
    attestationObject: toBase64url(response.attestationObject),
    transports: typeof response.getTransports === "function" ? response.getTransports().slice(0, 10) : [],
  });
}

/** A credential navigator.credentials.get used, as the server reads it. */
export function assertionJSON(credential) {
  const response = credential.response;
  const json = {
    clientDataJSON: toBase64url(response.clientDataJSON),
    authenticatorData: toBase64url(response.authenticatorData),
    signature: toBase64url(response.signature),
  };
  if (response.userHandle) json.userHandle = toBase64url(response.userHandle);
  return credentialJSON(credential, json);
}
