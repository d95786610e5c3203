/*
 * What an ad tag does with the IAB CMP APIs, recorded for the tests: `cmpProbe` calls __tcfapi and __gpp
 * in its own frame; `framedProbe` reaches them from a frame without them, through the __tcfapiLocator and
 * __gppLocator frames and postMessage, as the specs describe for cross-origin ad frames. Everything comes
 * back as JSON text, with Dates as {"$date": ISO text} and undefined as {"$undefined": true}, so that the
 * report says exactly which fields a callback saw.
 */
(function (window) {
  'use strict';

  function describe(value) {
    if (value === undefined) return { $undefined: true };
    if (value instanceof Date) return { $date: value.toISOString() };
    if (Array.isArray(value)) return value.map(describe);
    if (value && typeof value === 'object') {
      var result = {};
      Object.keys(value).forEach(function (key) { result[key] = describe(value[key]); });
      return result;
    }
    return value;
  }

  // Every callback a persistent listener received, in order: {"api", "label", "args"}.
  var log = [];

  /** Calls `api` once in this frame (__gpp's parameter is the fourth argument here too): every callback made, whether before the call returned, and what it returned. */
  function direct(api, command, version, parameter) {
    var calls = [];
    var returned = false;
    var callback = function () { calls.push({ beforeReturn: !returned, args: describe([].slice.call(arguments)) }); };
    var result = api === '__tcfapi'
      ? window.__tcfapi(command, version, callback, parameter)
      : window.__gpp(command, callback, parameter, version);
    returned = true;
    return { calls: calls, returned: describe(result) };
  }

  // The listener id each labelled listener was given, and its API.
  var listeners = {};

  /** Registers a listener that logs every call under `label`; `throwing` makes it throw after logging. */
  function listen(api, label, throwing) {
    var callback = function (value) {
      if (value && value.listenerId) listeners[label] = { api: api, id: value.listenerId };
      log.push({ api: api, label: label, args: describe([].slice.call(arguments)) });
      if (throwing) throw new Error('listener ' + label + ' fails on purpose');
    };
    if (api === '__tcfapi') {
      window.__tcfapi('addEventListener', 2, callback);
    } else {
      window.__gpp('addEventListener', callback);
    }
  }

  /** Removes the listener registered under `label`, logging what removeEventListener answered. */
  function remove(label) {
    var listener = listeners[label];
    var callback = function () { log.push({ api: listener.api, label: label + ' removed', args: describe([].slice.call(arguments)) }); };
    if (listener.api === '__tcfapi') {
      window.__tcfapi('removeEventListener', 2, callback, listener.id);
    } else {
      window.__gpp('removeEventListener', callback, listener.id);
    }
  }

  /** Calls the deprecated getTCData once, logging its callback under `label` whenever it comes. */
  function getTCDataLater(label) {
    window.__tcfapi('getTCData', 2, function () {
      log.push({ api: '__tcfapi', label: label, args: describe([].slice.call(arguments)) });
    });
  }

  /** Every command of both APIs, with wrong versions and unknown commands, as one frame sees them. */
  function everything() {
    var answers = {};
    answers.tcfPing = direct('__tcfapi', 'ping', 2);
    answers.tcfPingVersion0 = direct('__tcfapi', 'ping', 0);
    answers.tcfPingVersionNull = direct('__tcfapi', 'ping', null);
    answers.tcfPingNoVersion = direct('__tcfapi', 'ping');
    answers.tcfPingVersion1 = direct('__tcfapi', 'ping', 1);
    answers.tcfPingVersion3 = direct('__tcfapi', 'ping', 3);
    answers.tcfGetTCData = direct('__tcfapi', 'getTCData', 2);
    answers.tcfGetTCDataVendors = direct('__tcfapi', 'getTCData', 2, [1, 755, 9999]);
    answers.tcfGetTCDataBadVendors = direct('__tcfapi', 'getTCData', 2, 'all');
    answers.tcfAddEventListener = direct('__tcfapi', 'addEventListener', 2);
    var tcfCall = answers.tcfAddEventListener.calls[0];
    var tcfId = tcfCall && tcfCall.args[0] ? tcfCall.args[0].listenerId : 0;
    answers.tcfRemoveEventListener = direct('__tcfapi', 'removeEventListener', 2, tcfId);
    answers.tcfRemoveUnknownListener = direct('__tcfapi', 'removeEventListener', 2, 4242);
    answers.tcfUnknownCommand = direct('__tcfapi', 'getEverything', 2);
    answers.gppPing = direct('__gpp', 'ping');
    answers.gppAddEventListener = direct('__gpp', 'addEventListener');
    var gppId = answers.gppAddEventListener.calls[0].args[0].listenerId;
    answers.gppRemoveEventListener = direct('__gpp', 'removeEventListener', undefined, gppId);
    answers.gppRemoveUnknownListener = direct('__gpp', 'removeEventListener', undefined, 4242);
    ['tcfeuv2', 'usnat', 'usca', 'uspv1'].forEach(function (prefix) {
      answers['gppHasSection_' + prefix] = direct('__gpp', 'hasSection', undefined, prefix);
      answers['gppGetSection_' + prefix] = direct('__gpp', 'getSection', undefined, prefix);
    });
    answers.gppGetField_usnatSaleOptOut = direct('__gpp', 'getField', undefined, 'usnat.SaleOptOut');
    answers.gppGetField_usnatGpc = direct('__gpp', 'getField', undefined, 'usnat.Gpc');
    answers.gppGetField_tcfeuv2PurposeConsent = direct('__gpp', 'getField', undefined, 'tcfeuv2.PurposeConsent');
    answers.gppGetField_usnatNoSuchField = direct('__gpp', 'getField', undefined, 'usnat.NoSuchField');
    answers.gppGetField_noDot = direct('__gpp', 'getField', undefined, 'usnat');
    answers.gppUnknownCommand = direct('__gpp', 'getEverything');
    return answers;
  }

  /** For each API prefix asked: getSection's answer, and getField's for each of the names asked. */
  function fields(requests) {
    var answers = {};
    Object.keys(requests).forEach(function (prefix) {
      var named = {};
      requests[prefix].forEach(function (name) { named[name] = direct('__gpp', 'getField', undefined, prefix + '.' + name); });
      answers[prefix] = { section: direct('__gpp', 'getSection', undefined, prefix), fields: named };
    });
    return answers;
  }

  window.cmpProbe = {
    everything: function () { return JSON.stringify(everything()); },
    fields: function (requests) { return JSON.stringify(fields(requests)); },
    listen: listen,
    remove: remove,
    getTCDataLater: getTCDataLater,
    log: function () { return JSON.stringify(log); },
    /** The locator frames of this document, and whether either set the APIs up inside itself. */
    locators: function () {
      return JSON.stringify(['__tcfapiLocator', '__gppLocator'].map(function (name) {
        var frame = document.querySelector('iframe[name="' + name + '"]');
        return {
          name: name,
          present: !!frame,
          parent: frame ? frame.parentNode.nodeName : null,
          hidden: frame ? getComputedStyle(frame).display === 'none' : null,
          apisInside: frame ? typeof frame.contentWindow.__tcfapi + ' ' + typeof frame.contentWindow.__gpp : null
        };
      }));
    }
  };

  // ---- from a frame without the APIs --------------------------------------------------------------

  /** The nearest ancestor frame (or this one) that has a child frame named `locator`. */
  function locate(locator) {
    var frame = window;
    while (frame) {
      try {
        if (frame.frames[locator]) return frame;
      } catch (ignored) { /* a frame we cannot look into */ }
      if (frame === window.top) return null;
      frame = frame.parent;
    }
    return null;
  }

  var pending = {};
  var nextCall = 1;
  window.addEventListener('message', function (event) {
    var message = event.data;
    var asText = typeof message === 'string';
    if (asText) {
      try { message = JSON.parse(message); } catch (error) { return; }
    }
    var body = message && (message.__tcfapiReturn || message.__gppReturn);
    if (!body || !pending[body.callId]) return;
    pending[body.callId].returns.push({ asText: asText, returnValue: describe(body.returnValue), success: body.success });
  });

  /**
   * Posts one call to the frame that has the API's locator, as an object or as JSON text, and resolves with
   * every return that arrived within `wait` milliseconds (a listener's calls come back under the same id).
   */
  function post(api, command, version, parameter, asText, wait) {
    var target = locate(api === '__tcfapi' ? '__tcfapiLocator' : '__gppLocator');
    if (!target) return Promise.resolve(JSON.stringify({ located: false }));
    var callId = 'probe-' + nextCall++;
    var envelope = {};
    envelope[api === '__tcfapi' ? '__tcfapiCall' : '__gppCall'] = {
      command: command, parameter: parameter, version: version, callId: callId
    };
    var record = { located: true, fromTop: target === window.top, returns: [] };
    pending[callId] = record;
    target.postMessage(asText ? JSON.stringify(envelope) : envelope, '*');
    return new Promise(function (resolve) {
      setTimeout(function () { resolve(JSON.stringify(record)); }, wait || 300);
    });
  }

  /** Every command through postMessage, as `everything` makes them directly. */
  function everythingPosted(asText) {
    var calls = {
      tcfPing: ['__tcfapi', 'ping', 2],
      tcfPingVersion1: ['__tcfapi', 'ping', 1],
      tcfGetTCData: ['__tcfapi', 'getTCData', 2],
      tcfGetTCDataVendors: ['__tcfapi', 'getTCData', 2, [1, 755, 9999]],
      tcfAddEventListener: ['__tcfapi', 'addEventListener', 2],
      tcfRemoveUnknownListener: ['__tcfapi', 'removeEventListener', 2, 4242],
      tcfUnknownCommand: ['__tcfapi', 'getEverything', 2],
      gppPing: ['__gpp', 'ping'],
      gppAddEventListener: ['__gpp', 'addEventListener'],
      gppRemoveUnknownListener: ['__gpp', 'removeEventListener', undefined, 4242],
      gppHasSection_tcfeuv2: ['__gpp', 'hasSection', undefined, 'tcfeuv2'],
      gppHasSection_usnat: ['__gpp', 'hasSection', undefined, 'usnat'],
      gppGetSection_tcfeuv2: ['__gpp', 'getSection', undefined, 'tcfeuv2'],
      gppGetSection_usnat: ['__gpp', 'getSection', undefined, 'usnat'],
      gppGetField_usnatSaleOptOut: ['__gpp', 'getField', undefined, 'usnat.SaleOptOut'],
      gppUnknownCommand: ['__gpp', 'getEverything']
    };
    var names = Object.keys(calls);
    return Promise.all(names.map(function (name) {
      var call = calls[name];
      return post(call[0], call[1], call[2], call[3], asText);
    })).then(function (results) {
      var answers = {};
      names.forEach(function (name, index) { answers[name] = JSON.parse(results[index]); });
      return JSON.stringify(answers);
    });
  }

  window.framedProbe = {
    everything: everythingPosted,
    post: post,
    /** Registers listeners through postMessage; their returns are read later with `returns`. */
    listen: function (asText) {
      var ids = {};
      ['__tcfapi', '__gpp'].forEach(function (api) {
        var callId = 'listener-' + api + '-' + (asText ? 'text' : 'object');
        var target = locate(api === '__tcfapi' ? '__tcfapiLocator' : '__gppLocator');
        var envelope = {};
        envelope[api === '__tcfapi' ? '__tcfapiCall' : '__gppCall'] = { command: 'addEventListener', version: api === '__tcfapi' ? 2 : undefined, callId: callId };
        pending[callId] = { located: !!target, returns: [] };
        if (target) target.postMessage(asText ? JSON.stringify(envelope) : envelope, '*');
        ids[api] = callId;
      });
      return JSON.stringify(ids);
    },
    returns: function () { return JSON.stringify(pending); }
  };
})(window);
