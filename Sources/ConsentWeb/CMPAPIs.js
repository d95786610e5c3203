/*
 * ConsentEngine's answer to the IAB's JavaScript CMP APIs, for web content shown inside an app: __tcfapi
 * (IAB Europe TCF, "CMP API v2", API version 2.2) and __gpp (IAB Tech Lab GPP CMP API 1.1), their locator
 * frames and their postMessage protocol for cross-origin frames. It answers from the signals the app's
 * consent engine already holds, injected below as one JSON value; it loads nothing and sends nothing but
 * the answers to the frames that ask.
 */
(function (window, data) {
  'use strict';

  var TCF_LOCATOR = '__tcfapiLocator';
  var GPP_LOCATOR = '__gppLocator';
  var UPDATE = '__consentEngineUpdate';
  // Inside a locator frame nothing is set up: the frame only tells nested frames where the APIs are.
  if (window.name === TCF_LOCATOR || window.name === GPP_LOCATOR) return;
  // Set up once per frame, even when the script is added twice (by the app and by the page).
  if (typeof window[UPDATE] === 'function') return;

  // The GPP sections this script can represent: tcfeuv2, tcfcav1, uspv1 and the US sections usnat to usri.
  var GPP_PREFIXES = {
    2: 'tcfeuv2', 5: 'tcfcav1', 6: 'uspv1', 7: 'usnat', 8: 'usca', 9: 'usva', 10: 'usco', 11: 'usut', 12: 'usct',
    13: 'usfl', 14: 'usmt', 15: 'usor', 16: 'ustx', 17: 'usde', 18: 'usia', 19: 'usne', 20: 'usnh', 21: 'usnj',
    22: 'ustn', 23: 'usmn', 24: 'usmd', 25: 'usin', 26: 'usky', 27: 'usri'
  };
  // The sections whose core carries Created and LastUpdated, which the data holds as milliseconds.
  var DATED_SECTIONS = ['tcfeuv2', 'tcfcav1'];
  var SUPPORTED_APIS = Object.keys(GPP_PREFIXES).map(function (id) { return id + ':' + GPP_PREFIXES[id]; });

  var current = data;
  // tcloaded for an answer stored before the page loaded; useractioncomplete once one arrives while it is open.
  var eventStatus = 'tcloaded';
  var tcfListeners = [];
  var gppListeners = [];
  // getTCData calls made while it is not known whether GDPR applies: answered once it is.
  var waitingForGDPR = [];
  var nextTCFListener = 1;
  var nextGPPListener = 1;

  /** Calls a caller's callback; what it throws is reported, never passed on to the other callers. */
  function call(callback, args) {
    try {
      callback.apply(null, args);
    } catch (error) {
      if (window.console && typeof window.console.error === 'function') {
        window.console.error('ConsentEngine: a CMP API callback threw:', error);
      }
    }
  }

  /** A copy the caller may change without changing this script's answers. */
  function copy(value) {
    if (value instanceof Date) return new Date(value.getTime());
    if (Array.isArray(value)) return value.map(copy);
    if (value && typeof value === 'object') {
      var result = {};
      Object.keys(value).forEach(function (key) { result[key] = copy(value[key]); });
      return result;
    }
    return value;
  }

  /** {"1": true, "2": false, …} from a bit string whose character n is id n+1; restricted to `ids` if given. */
  function flags(bits, ids) {
    var result = {};
    if (ids) {
      ids.forEach(function (id) { result[id] = bits.charAt(id - 1) === '1'; });
    } else {
      for (var index = 0; index < bits.length; index++) result[index + 1] = bits.charAt(index) === '1';
    }
    return result;
  }

  /** {"purpose": {"vendor": type}} from one restriction string per purpose (`_` where none applies). */
  function restrictions(byPurpose) {
    var result = {};
    Object.keys(byPurpose).forEach(function (purpose) {
      var types = byPurpose[purpose];
      var vendors = {};
      for (var index = 0; index < types.length; index++) {
        if (types.charAt(index) !== '_') vendors[index + 1] = Number(types.charAt(index));
      }
      result[purpose] = vendors;
    });
    return result;
  }

  // ---- __tcfapi ------------------------------------------------------------------------------------

  function tcfPing() {
    var tc = current.tc;
    return {
      gdprApplies: current.gdprApplies === null ? undefined : current.gdprApplies,
      cmpLoaded: true,
      cmpStatus: 'loaded',
      displayStatus: current.gdprApplies === false ? 'disabled' : 'hidden',
      apiVersion: '2.2',
      cmpVersion: current.cmpVersion,
      cmpId: current.cmpId,
      gvlVersion: tc ? tc.gvlVersion : undefined,
      tcfPolicyVersion: tc ? tc.tcfPolicyVersion : current.tcfPolicyVersion
    };
  }

  /** The TCData of the current answer; `vendorIds` limits the vendor fields to those vendors. */
  function tcData(listenerId, vendorIds) {
    var tc = current.tc;
    var result = {
      tcString: undefined,
      tcfPolicyVersion: tc ? tc.tcfPolicyVersion : current.tcfPolicyVersion,
      cmpId: current.cmpId,
      cmpVersion: current.cmpVersion,
      gdprApplies: current.gdprApplies
    };
    if (current.gdprApplies === false) {
      // Where GDPR does not apply, the object has only these four fields (and the listener's id).
      delete result.tcString;
      if (listenerId !== undefined) result.listenerId = listenerId;
      return result;
    }
    result.eventStatus = tc ? eventStatus : undefined;
    result.cmpStatus = 'loaded';
    result.listenerId = listenerId;
    if (!tc) return result;
    result.tcString = tc.tcString;
    result.isServiceSpecific = tc.isServiceSpecific;
    result.useNonStandardTexts = tc.useNonStandardTexts;
    result.publisherCC = tc.publisherCC;
    result.purposeOneTreatment = tc.purposeOneTreatment;
    result.purpose = { consents: flags(tc.purposeConsents), legitimateInterests: flags(tc.purposeLegitimateInterests) };
    result.vendor = {
      consents: flags(tc.vendorConsents, vendorIds),
      legitimateInterests: flags(tc.vendorLegitimateInterests, vendorIds),
      disclosedVendors: flags(tc.disclosedVendors, vendorIds)
    };
    result.specialFeatureOptins = flags(tc.specialFeatureOptins);
    result.publisher = {
      consents: flags(tc.publisherConsents),
      legitimateInterests: flags(tc.publisherLegitimateInterests),
      customPurpose: {
        consents: flags(tc.customPurposeConsents),
        legitimateInterests: flags(tc.customPurposeLegitimateInterests)
      },
      restrictions: restrictions(tc.restrictions)
    };
    result.addtlConsent = current.addtlConsent === null ? undefined : current.addtlConsent;
    return result;
  }

  function isVendorList(value) {
    return Array.isArray(value) && value.every(function (id) { return typeof id === 'number' && id > 0 && id % 1 === 0; });
  }

  function tcfapi(command, version, callback, parameter) {
    if (typeof callback !== 'function') return;
    // 2, 0, null or no version at all mean the latest, 2; API version 1 and anything else are refused.
    if (!(version === 2 || version === 0 || version === null || version === undefined)) {
      call(callback, [null, false]);
      return;
    }
    switch (command) {
      case 'ping':
        call(callback, [tcfPing(), true]);
        return;
      case 'addEventListener':
        var listener = { id: nextTCFListener++, callback: callback };
        tcfListeners.push(listener);
        // With an answer, or where GDPR does not apply, the listener hears at once; otherwise when one arrives.
        if (current.gdprApplies === false || (current.gdprApplies === true && current.tc)) {
          call(callback, [tcData(listener.id), true]);
        }
        return;
      case 'removeEventListener':
        var before = tcfListeners.length;
        tcfListeners = tcfListeners.filter(function (item) { return item.id !== parameter; });
        call(callback, [tcfListeners.length < before, true]);
        return;
      case 'getTCData':
        // Deprecated in TCF 2.2, still answered: at once, or once it is known whether GDPR applies.
        if (parameter !== undefined && parameter !== null && !isVendorList(parameter)) {
          call(callback, [null, false]);
        } else if (current.gdprApplies === null) {
          waitingForGDPR.push({ callback: callback, vendorIds: parameter || undefined });
        } else {
          call(callback, [tcData(undefined, parameter || undefined), true]);
        }
        return;
      default:
        call(callback, [null, false]);
    }
  }

  // ---- __gpp ---------------------------------------------------------------------------------------

  function gppReady(state) {
    var applicable = state.gpp.applicableSections;
    if (applicable.length === 1 && applicable[0] === -1) return true;
    return applicable.length > 0 && applicable.every(function (id) { return state.gpp.sectionList.indexOf(id) >= 0; });
  }

  function gppDisplayStatus(state) {
    var applicable = state.gpp.applicableSections;
    return applicable.length === 1 && applicable[0] === -1 ? 'disabled' : 'hidden';
  }

  /** The parsed sections as the caller sees them: fresh objects, with the TCF sections' dates as Dates. */
  function parsed(state, prefix) {
    if (!Object.prototype.hasOwnProperty.call(state.gpp.parsedSections, prefix)) return null;
    var result = copy(state.gpp.parsedSections[prefix]);
    if (DATED_SECTIONS.indexOf(prefix) >= 0) {
      result[0].Created = new Date(result[0].Created);
      result[0].LastUpdated = new Date(result[0].LastUpdated);
    }
    return result;
  }

  function gppPing(state, signalStatus) {
    var sections = {};
    Object.keys(state.gpp.parsedSections).forEach(function (prefix) { sections[prefix] = parsed(state, prefix); });
    return {
      gppVersion: '1.1',
      cmpStatus: 'loaded',
      cmpDisplayStatus: gppDisplayStatus(state),
      signalStatus: signalStatus || (gppReady(state) ? 'ready' : 'not ready'),
      supportedAPIs: SUPPORTED_APIS.slice(),
      cmpId: state.cmpId,
      sectionList: state.gpp.sectionList.slice(),
      applicableSections: state.gpp.applicableSections.slice(),
      gppString: state.gpp.gppString,
      parsedSections: sections
    };
  }

  function gppEvent(listenerId, eventName, eventData, pingData) {
    return { eventName: eventName, listenerId: listenerId, data: eventData, pingData: pingData };
  }

  /** A prefix's entry under `name` in one of the data's maps (`fieldAliases`, `fieldValues`), or undefined. */
  function entry(map, prefix, name) {
    var own = Object.prototype.hasOwnProperty;
    return map && own.call(map, prefix) && own.call(map[prefix], name) ? map[prefix][name] : undefined;
  }

  /**
   * A field by the name the sub-sections carry (iabgpp-es's), by the section specification's spelling where
   * it differs, or one of the values iabgpp-es reads beside the sub-sections' fields; null for any other.
   */
  function gppField(prefix, name) {
    var section = parsed(current, prefix);
    if (!section) return null;
    var key = entry(current.gpp.fieldAliases, prefix, name) || name;
    for (var index = 0; index < section.length; index++) {
      if (Object.prototype.hasOwnProperty.call(section[index], key)) return section[index][key];
    }
    var value = entry(current.gpp.fieldValues, prefix, name);
    return value === undefined ? null : copy(value);
  }

  function gpp(command, callback, parameter) {
    if (typeof callback !== 'function') return undefined;
    switch (command) {
      case 'ping':
        call(callback, [gppPing(current), true]);
        break;
      case 'addEventListener':
        var listener = { id: nextGPPListener++, callback: callback };
        gppListeners.push(listener);
        call(callback, [gppEvent(listener.id, 'listenerRegistered', true, gppPing(current)), true]);
        break;
      case 'removeEventListener':
        var before = gppListeners.length;
        gppListeners = gppListeners.filter(function (item) { return item.id !== parameter; });
        call(callback, [gppListeners.length < before, true]);
        break;
      case 'hasSection':
        call(callback, [Object.prototype.hasOwnProperty.call(current.gpp.parsedSections, parameter), true]);
        break;
      case 'getSection':
        call(callback, [parsed(current, parameter), true]);
        break;
      case 'getField':
        var dot = typeof parameter === 'string' ? parameter.indexOf('.') : -1;
        call(callback, dot > 0 ? [gppField(parameter.slice(0, dot), parameter.slice(dot + 1)), true] : [null, false]);
        break;
      default:
        call(callback, [null, false]);
    }
    return undefined;
  }

  // ---- updates from the app ------------------------------------------------------------------------

  function fireGPP(eventName, eventData, pingData) {
    gppListeners.slice().forEach(function (listener) {
      if (gppListeners.indexOf(listener) >= 0) {
        call(listener.callback, [gppEvent(listener.id, eventName, eventData, copy(pingData)), true]);
      }
    });
  }

  function fireTCF() {
    tcfListeners.slice().forEach(function (listener) {
      if (tcfListeners.indexOf(listener) >= 0) call(listener.callback, [tcData(listener.id), true]);
    });
  }

  function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  /**
   * The app's new signals after an answer changed: GPP listeners hear signalStatus "not ready", the changed
   * sections and "ready" (when the applicable sections are there); TCF listeners hear the new TCData
   * (useractioncomplete) when the TC data changed. The same signals again change nothing.
   */
  function update(next) {
    if (!next || typeof next !== 'object' || !next.gpp || same(next, current)) return false;
    var previous = current;
    fireGPP('signalStatus', 'not ready', gppPing(previous, 'not ready'));
    current = next;
    if (gppDisplayStatus(previous) !== gppDisplayStatus(next)) {
      fireGPP('cmpDisplayStatus', gppDisplayStatus(next), gppPing(next, 'not ready'));
    }
    var prefixes = Object.keys(previous.gpp.parsedSections);
    Object.keys(next.gpp.parsedSections).forEach(function (prefix) {
      if (prefixes.indexOf(prefix) < 0) prefixes.push(prefix);
    });
    prefixes.forEach(function (prefix) {
      if (!same(previous.gpp.parsedSections[prefix], next.gpp.parsedSections[prefix])) {
        fireGPP('sectionChange', prefix, gppPing(next, 'not ready'));
      }
    });
    var tcfChanged = previous.gdprApplies !== next.gdprApplies || !same(previous.tc, next.tc)
      || previous.addtlConsent !== next.addtlConsent;
    if (tcfChanged && next.gdprApplies !== null && (next.gdprApplies === false || next.tc)) {
      eventStatus = 'useractioncomplete';
      fireTCF();
    }
    if (next.gdprApplies !== null) {
      var waiting = waitingForGDPR;
      waitingForGDPR = [];
      waiting.forEach(function (item) { call(item.callback, [tcData(undefined, item.vendorIds), true]); });
    }
    if (gppReady(next)) fireGPP('signalStatus', 'ready', gppPing(next, 'ready'));
    return true;
  }

  // ---- frames --------------------------------------------------------------------------------------

  /** Answers a __tcfapiCall or __gppCall from another frame, in the form it came in (object or JSON text). */
  function receive(event) {
    var message = event.data;
    var asText = typeof message === 'string';
    if (asText) {
      if (message.indexOf('__tcfapiCall') < 0 && message.indexOf('__gppCall') < 0) return;
      try {
        message = JSON.parse(message);
      } catch (error) {
        return;
      }
    }
    if (!message || typeof message !== 'object' || !event.source) return;
    var source = event.source;
    function reply(envelope, returnValue, success, callId) {
      var body = {};
      body[envelope] = { returnValue: returnValue, success: success, callId: callId };
      try {
        source.postMessage(asText ? JSON.stringify(body) : body, '*');
      } catch (error) {
        if (window.console && typeof window.console.error === 'function') {
          window.console.error('ConsentEngine: the answer could not be posted back:', error);
        }
      }
    }
    var tcfCall = message.__tcfapiCall;
    if (tcfCall && typeof tcfCall === 'object') {
      tcfapi(tcfCall.command, tcfCall.version, function (returnValue, success) {
        reply('__tcfapiReturn', returnValue, success, tcfCall.callId);
      }, tcfCall.parameter);
    }
    var gppCall = message.__gppCall;
    if (gppCall && typeof gppCall === 'object') {
      gpp(gppCall.command, function (returnValue, success) {
        reply('__gppReturn', returnValue, success, gppCall.callId);
      }, gppCall.parameter, gppCall.version);
    }
  }

  /** The hidden __tcfapiLocator and __gppLocator frames, in the body or, while there is none, the root element. */
  function addLocators() {
    var document = window.document;
    if (!document) return;
    var container = document.body || document.documentElement;
    if (!container) {
      // A script run before the root element exists (Chromium's document start): add them once it does.
      var observer = new MutationObserver(function () {
        if (!document.documentElement) return;
        observer.disconnect();
        addLocators();
      });
      observer.observe(document, { childList: true });
      return;
    }
    [TCF_LOCATOR, GPP_LOCATOR].forEach(function (name) {
      if (window.frames[name]) return;
      var frame = document.createElement('iframe');
      frame.name = name;
      frame.title = name;
      frame.style.display = 'none';
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      container.appendChild(frame);
    });
  }

  window.__tcfapi = tcfapi;
  window.__gpp = gpp;
  Object.defineProperty(window, UPDATE, { value: update, configurable: false, enumerable: false, writable: false });
  window.addEventListener('message', receive, false);
  addLocators();
  // In an app's web view, the frame says that it can take updates, and when its document goes (a reload, a
  // navigation, the frame removed). It names its document by an id of its own: the app is handed a new frame
  // object with every message, so that only the id tells one document from another.
  var handlers = window.webkit && window.webkit.messageHandlers;
  if (handlers && handlers.consentEngineWeb) {
    var documentID = (function () {
      var words = new Uint32Array(4);
      if (window.crypto && window.crypto.getRandomValues) window.crypto.getRandomValues(words);
      else for (var i = 0; i < words.length; i++) words[i] = Math.floor(Math.random() * 4294967296);
      return Array.prototype.map.call(words, function (word) { return ('0000000' + word.toString(16)).slice(-8); }).join('');
    })();
    var tell = function (event) {
      try {
        handlers.consentEngineWeb.postMessage({ event: event, document: documentID });
      } catch (error) {
        // The app took its handler away: nobody to tell.
      }
    };
    tell('ready');
    window.addEventListener('pagehide', function () { tell('gone'); });
    // A document taken back from the back-forward cache runs again.
    window.addEventListener('pageshow', function (event) { if (event.persisted) tell('ready'); });
  }
})(window, CONSENT_ENGINE_WEB_DATA);
