// The reader's time zone in a cookie, so that pages show times in it (decklab/timezones.py).
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  // IANA names (Asia/Tokyo, America/Argentina/Buenos_Aires, Etc/GMT+9) need no escaping in a cookie.
  if (!zone || !/^[A-Za-z0-9_+\-\/]+$/.test(zone)) return;
  var entry = "decklab_tz=" + zone;
  if (document.cookie.split("; ").indexOf(entry) !== -1) return;
  document.cookie = entry + "; path=/; max-age=31536000; SameSite=Lax";
})();
