/*
 * What the consent form's browser tests read from a page, added to it before its own script runs: the
 * messages it sent its host, what sticks out sideways, how two buttons compare, and the form's state. It
 * judges nothing; the Swift tests do. Every function returns JSON text.
 */
(function () {
  'use strict';

  function describe(element) {
    var id = element.id ? '#' + element.id : '';
    var classes = element.className && typeof element.className === 'string' ? '.' + element.className.split(' ').join('.') : '';
    return element.tagName.toLowerCase() + id + classes;
  }

  // Shown: not hidden, not undisplayed, and not inside a closed details element.
  function shown(element) {
    if (element.closest('[hidden]') || getComputedStyle(element).display === 'none') return false;
    var details = element.parentElement && element.parentElement.closest('details');
    while (details) {
      if (!details.open && element.tagName.toLowerCase() !== 'summary') return false;
      details = details.parentElement && details.parentElement.closest('details');
    }
    return true;
  }

  // What the user can reach with Tab.
  var focusableSelector = 'button, input, a[href], summary, [tabindex="0"]';

  // The element's text and the language it is marked as (its own or an ancestor's lang).
  function marked(element) {
    var language = element.closest('[lang]');
    return { text: element.textContent, lang: language ? language.getAttribute('lang') : null };
  }

  window.formProbe = {
    /** The messages the page handed window.consentEngineHost.answer, in order. */
    answers: function () {
      return JSON.stringify(window.__consentEngineAnswers || []);
    },

    /**
     * Whether anything scrolls or sticks out sideways: the page's widths, every shown element whose box
     * leaves the viewport, and every box whose content is wider than it (text spilling out of a button).
     */
    overflow: function () {
      var root = document.documentElement;
      var width = root.clientWidth;
      var outside = [], spilling = [];
      Array.prototype.forEach.call(document.querySelectorAll('body, body *'), function (element) {
        if (!shown(element)) return;
        var rect = element.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) return;
        if (rect.left < -0.5 || rect.right > width + 0.5) {
          outside.push(describe(element) + ' spans ' + rect.left.toFixed(1) + '…' + rect.right.toFixed(1));
        }
        if (getComputedStyle(element).display !== 'inline' && element.scrollWidth > element.clientWidth + 1) {
          spilling.push(describe(element) + ' holds ' + element.scrollWidth + ' px in ' + element.clientWidth);
        }
      });
      return JSON.stringify({
        scrollWidth: root.scrollWidth, clientWidth: width, innerWidth: window.innerWidth,
        devicePixelRatio: window.devicePixelRatio, outside: outside, spilling: spilling
      });
    },

    /** Two elements compared: their boxes, every computed style property that differs, and their places. */
    compare: function (firstSelector, secondSelector) {
      var first = document.querySelector(firstSelector), second = document.querySelector(secondSelector);
      if (!first || !second) return JSON.stringify({ missing: !first ? firstSelector : secondSelector });
      function box(element) {
        var rect = element.getBoundingClientRect();
        return { width: rect.width, height: rect.height, top: rect.top, left: rect.left };
      }
      var a = getComputedStyle(first), b = getComputedStyle(second), differing = [], compared = 0;
      for (var index = 0; index < a.length; index++) {
        var name = a[index];
        compared++;
        if (a.getPropertyValue(name) !== b.getPropertyValue(name)) {
          differing.push(name + ': ' + a.getPropertyValue(name) + ' / ' + b.getPropertyValue(name));
        }
      }
      var focusable = Array.prototype.filter.call(document.querySelectorAll(focusableSelector), shown);
      return JSON.stringify({
        first: box(first), second: box(second), comparedProperties: compared, differing: differing,
        sameParent: first.parentElement === second.parentElement,
        adjacent: first.nextElementSibling === second,
        focusOrder: [focusable.indexOf(first), focusable.indexOf(second)],
        texts: [first.textContent, second.textContent]
      });
    },

    /** The form as the user sees it: the visible screen, its heading, the switches and the notice. */
    state: function () {
      var switches = {};
      Array.prototype.forEach.call(document.querySelectorAll('input[type=checkbox]'), function (input) {
        switches[input.id] = input.checked;
      });
      var heading = Array.prototype.filter.call(document.querySelectorAll('h1'), shown)[0];
      var notice = document.getElementById('notice');
      return JSON.stringify({
        lang: document.documentElement.lang, dir: document.documentElement.dir, title: document.title,
        heading: heading ? heading.textContent : null,
        focused: document.activeElement ? document.activeElement.id : null,
        buttons: Array.prototype.filter.call(document.querySelectorAll('button'), shown).map(function (button) {
          return { id: button.id, text: button.textContent };
        }),
        switches: switches,
        notice: notice ? { role: notice.getAttribute('role'), text: notice.textContent } : null,
        focusable: Array.prototype.filter.call(document.querySelectorAll(focusableSelector), shown)
          .map(function (element) { return element.id || describe(element); }),
        background: getComputedStyle(document.body).backgroundColor,
        color: getComputedStyle(document.body).color
      });
    },

    /**
     * A partner's details as the user sees them: whether they are open, each group's term and its items
     * (text and language), and the links (text, address, language).
     */
    details: function (selector) {
      var details = document.querySelector(selector);
      if (!details) return JSON.stringify({ missing: selector });
      var groups = Array.prototype.map.call(details.querySelectorAll('dl.disclosures > div'), function (group) {
        return {
          term: marked(group.querySelector('dt')),
          items: Array.prototype.map.call(group.querySelectorAll('dd li'), marked)
        };
      });
      var links = Array.prototype.map.call(details.querySelectorAll('.links a'), function (link) {
        return { id: link.id, text: link.textContent, href: link.getAttribute('href'), lang: marked(link).lang };
      });
      return JSON.stringify({
        open: details.open, summary: marked(details.querySelector('summary')), drawn: details.children.length > 1,
        shown: shown(details.querySelector('summary')) && details.open, groups: groups, links: links
      });
    },

    /** An element's text and language, or null when the page has no such element. */
    text: function (selector) {
      var element = document.querySelector(selector);
      return JSON.stringify(element ? marked(element) : null);
    },

    /** The page's paint timings, in ms since navigation started. */
    paint: function () {
      var entries = {};
      performance.getEntriesByType('paint').forEach(function (entry) { entries[entry.name] = entry.startTime; });
      var navigation = performance.getEntriesByType('navigation')[0];
      return JSON.stringify({
        firstPaint: entries['first-paint'], firstContentfulPaint: entries['first-contentful-paint'],
        responseEnd: navigation ? navigation.responseEnd : null,
        domContentLoaded: navigation ? navigation.domContentLoadedEventEnd : null,
        transferSize: navigation ? navigation.transferSize : null
      });
    }
  };
})();
