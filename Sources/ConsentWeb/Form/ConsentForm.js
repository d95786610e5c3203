/*
 * ConsentEngine's consent form in a web page: it draws the form from the data below (the policy's texts,
 * purposes, special features and partners, in one language) and answers the app that shows it with one JSON
 * message, to window.webkit.messageHandlers.consentEngine (an app's web view) or to
 * window.consentEngineHost.answer (any other host). The app checks the message and stores the answer; if it
 * refuses one, it calls window.consentEngineForm.refused(reason) and the form stays.
 *
 * The consent form and the privacy-options form: a first layer (Consent, Do not consent, Manage options, and
 * the policy's close button, which declines), then Manage options (a consent switch per purpose, an objection
 * switch per legitimate interest, the special features, every partner with what it claims and its privacy
 * link, an objection switch per partner relying on legitimate interest; Accept all, Reject all, Confirm
 * choices). Every switch starts off. A partner's details (its purposes by legal basis, special purposes,
 * features, special features and data categories by name, how long it keeps data, how it stores on the
 * device, and its links) are drawn when the user first opens them, so that a page of a thousand partners
 * paints as fast as one of ten. The US-state opt-out form: three opt-outs and Confirm choices. Escape
 * leaves without an answer.
 */
(function (window, document, data) {
  'use strict';

  var root = document.getElementById('consent-engine-form');
  var english = {};
  (data.english || []).forEach(function (key) { english[key] = true; });
  // Set while the host checks an answer, so that a second press sends nothing; a refusal clears it.
  var waiting = false;
  var notice = node('div', { id: 'notice', class: 'notice', role: 'alert' });

  function text(key) { return data.texts[key]; }

  function node(tag, attributes, children) {
    var element = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (value !== null && value !== undefined) element.setAttribute(name, value);
    });
    (children || []).forEach(function (child) { if (child) element.appendChild(child); });
    return element;
  }

  // An element showing a policy text; one that fell back to English says so, for screen readers.
  // Button labels come as a person reads them: the terminal's "&" shortcut markers are gone already.
  function textElement(tag, key, attributes) {
    var element = node(tag, attributes);
    element.textContent = text(key);
    if (english[key]) element.lang = 'en';
    return element;
  }

  function named(tag, name, lang, attributes) {
    var element = node(tag, attributes);
    element.textContent = name;
    if (lang) element.lang = lang;
    return element;
  }

  function button(id, key, kind, action) {
    var element = textElement('button', key, { type: 'button', id: id, class: kind });
    element.addEventListener('click', action);
    return element;
  }

  function send(message) {
    if (waiting) return;
    var json = JSON.stringify(message);
    var handlers = window.webkit && window.webkit.messageHandlers;
    var host = window.consentEngineHost;
    notice.textContent = '';
    if (handlers && handlers.consentEngine) {
      waiting = true;
      handlers.consentEngine.postMessage(json);
    } else if (host && typeof host.answer === 'function') {
      waiting = true;
      host.answer(json);
    } else {
      // Opened on its own, as a reviewer opens the file: show what the app would receive.
      notice.textContent = json;
    }
  }

  window.consentEngineForm = Object.freeze({
    refused: function (reason) {
      waiting = false;
      notice.textContent = String(reason);
    }
  });

  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' || event.key === 'Esc') {
      event.preventDefault();
      send({ form: data.form, dismissed: true });
    }
  });

  // Partners in the engine's one order: GVL vendors (numbers) before Google ATPs ("atp:N"), each by number.
  function partnerOrder(a, b) {
    var atpA = typeof a === 'string', atpB = typeof b === 'string';
    if (atpA !== atpB) return atpA ? 1 : -1;
    return (atpA ? Number(a.slice(4)) : a) - (atpB ? Number(b.slice(4)) : b);
  }

  function sorted(set) { return Array.from(set).sort(partnerOrder); }

  function elementID(kind, id) { return kind + '-' + String(id).replace(':', '-'); }

  // One row of Manage options: the name, then a switch whose visible label says what "on" means
  // ("Consent", "Object"); the switch is named by both.
  function toggle(kind, id, name, lang, labelKey, chosen, details) {
    var base = elementID(kind, id);
    var input = node('input', {
      type: 'checkbox', role: 'switch', id: base, 'aria-labelledby': base + '-label ' + base + '-name',
      'aria-describedby': details && details.describedBy ? details.describedBy : null
    });
    input.addEventListener('change', function () {
      if (input.checked) chosen.add(id); else chosen.delete(id);
    });
    var nameElement = typeof name === 'string' ? named('span', name, lang, {}) : name;
    nameElement.id = base + '-name';
    nameElement.className = 'name';
    var row = node('div', { class: 'row' }, [
      nameElement,
      node('label', { class: 'switch' }, [textElement('span', labelKey, { id: base + '-label' }), input])
    ]);
    return node('li', { class: 'item' }, [row].concat(details ? details.elements : []));
  }

  function list(items) { return node('ul', { class: 'items', role: 'list' }, items); }

  function heading(level, key, id) { return textElement('h' + level, key, { id: id }); }

  function consentForm() {
    var chosen = {
      purposes: new Set(), legitimateInterestObjections: new Set(), specialFeatures: new Set(),
      partners: new Set(), partnerObjections: new Set()
    };
    var privacyOptions = data.form === 'privacyOptionsForm';
    var purposeNames = {};
    data.purposes.forEach(function (purpose) { purposeNames[purpose.id] = purpose.name; });
    // Manage options numbers purposes and special features, as the partners' claims name them.
    function numbered(id, name) { return id + '. ' + name; }

    function answer(choice) {
      var given = choice === 'custom' ? null : data[choice];
      function ids(name) { return given ? given[name] : sorted(chosen[name]); }
      send({
        form: data.form, choice: choice, purposes: ids('purposes'),
        legitimateInterestObjections: ids('legitimateInterestObjections'), specialFeatures: ids('specialFeatures'),
        partners: ids('partners'), partnerObjections: ids('partnerObjections')
      });
    }

    var first = node('section', { id: 'first-layer', 'aria-labelledby': 'first-title' });
    var manage = node('section', { id: 'manage-layer', 'aria-labelledby': 'manage-title', hidden: '' });

    // Manage options is drawn when first opened, so the first layer paints as soon for a thousand partners
    // as for ten.
    function openManageOptions() {
      if (!manage.firstChild) drawManageOptions();
      first.hidden = true;
      manage.hidden = false;
      notice.textContent = '';
      window.scrollTo(0, 0);
      document.getElementById('manage-title').focus();
    }

    var choiceButtons = [], manageButton = null;
    data.buttons.forEach(function (entry) {
      switch (entry.action) {
        case 'close':
          first.appendChild(node('div', { class: 'top' }, [
            button('close', 'close', 'close', function () { answer('rejectAll'); })
          ]));
          break;
        case 'consent':
          choiceButtons.push(button('consent', 'consent', 'choice', function () { answer('consentAll'); }));
          break;
        case 'doNotConsent':
          choiceButtons.push(button('do-not-consent', 'doNotConsent', 'choice', function () { answer('rejectAll'); }));
          break;
        case 'manageOptions':
          manageButton = button('manage-options', 'manageOptions', 'secondary', openManageOptions);
          break;
      }
    });

    if (privacyOptions) {
      first.appendChild(heading(1, 'privacyOptionsTitle', 'first-title'));
      first.appendChild(textElement('p', 'formTitle', {}));
    } else {
      first.appendChild(heading(1, 'formTitle', 'first-title'));
    }
    first.appendChild(node('ul', {}, data.purposes.map(function (purpose) {
      return named('li', purpose.name, purpose.nameLang, {});
    })));
    if (data.specialFeatures.length > 0) {
      first.appendChild(textElement('p', 'specialFeaturesIntro', {}));
      first.appendChild(node('ul', {}, data.specialFeatures.map(function (feature) {
        return named('li', feature.name, feature.nameLang, {});
      })));
    }
    first.appendChild(textElement('p', 'partnerCount', {}));
    // Said on the first layer, where the user decides, whenever some partner relies on legitimate interest.
    if (data.legitimateInterestPurposes.length > 0) {
      first.appendChild(textElement('p', 'legitimateInterestNotice', { id: 'legitimate-interest-notice' }));
    }
    first.appendChild(node('div', { class: 'choices' }, choiceButtons));
    if (manageButton) first.appendChild(manageButton);

    function drawManageOptions() {
      if (privacyOptions) manage.appendChild(textElement('p', 'privacyOptionsTitle', { class: 'kicker' }));
      manage.appendChild(textElement('h1', 'manageTitle', { id: 'manage-title', tabindex: '-1' }));

      function described(kind, entry) {
        var id = elementID(kind, entry.id) + '-description';
        return { describedBy: id, elements: [named('p', entry.description, entry.descriptionLang, { id: id, class: 'description' })] };
      }

      manage.appendChild(heading(2, 'purposesHeading', 'purposes-heading'));
      manage.appendChild(list(data.purposes.map(function (purpose) {
        return toggle('purpose', purpose.id, numbered(purpose.id, purpose.name), purpose.nameLang, 'consentLabel', chosen.purposes,
                      described('purpose', purpose));
      })));

      if (data.legitimateInterestPurposes.length > 0) {
        manage.appendChild(heading(2, 'legitimateInterestHeading', 'legitimate-interest-heading'));
        manage.appendChild(list(data.legitimateInterestPurposes.map(function (id) {
          return toggle('objection', id, numbered(id, purposeNames[id]), null, 'objectLabel',
                        chosen.legitimateInterestObjections);
        })));
      }

      if (data.specialFeatures.length > 0) {
        manage.appendChild(heading(2, 'specialFeaturesHeading', 'special-features-heading'));
        manage.appendChild(list(data.specialFeatures.map(function (feature) {
          return toggle('special-feature', feature.id, numbered(feature.id, feature.name), feature.nameLang, 'consentLabel',
                        chosen.specialFeatures, described('special-feature', feature));
        })));
      }

      function partnerName(partner) {
        var element = named('span', partner.name, null, {});
        element.appendChild(named('span', ' (' + partner.id + ')', null, { class: 'partner-id' }));
        return element;
      }

      // The legitimate-interest heading explains the right to object ("… (you may object)"); a partner's lists
      // only need its name.
      var legitimateInterest = text('legitimateInterestHeading').split('(')[0].trim();
      function legitimateInterestTerm(tag) {
        return named(tag, legitimateInterest, english.legitimateInterestHeading ? 'en' : null, {});
      }

      var featureNames = {};
      data.specialFeatures.forEach(function (feature) { featureNames[feature.id] = feature; });
      var nameTables = {
        purposes: function (id) {
          var purpose = data.purposes.filter(function (entry) { return entry.id === id; })[0];
          return purpose ? [purpose.name, purpose.nameLang] : ['Purpose ' + id, 'en'];
        },
        specialFeatures: function (id) {
          var feature = featureNames[id];
          return feature ? [feature.name, feature.nameLang] : ['Special feature ' + id, 'en'];
        }
      };
      ['specialPurposes', 'features', 'dataCategories'].forEach(function (kind) {
        var inEnglish = {};
        (data.names.english[kind] || []).forEach(function (id) { inEnglish[id] = true; });
        nameTables[kind] = function (id) { return [data.names[kind][id], inEnglish[id] ? 'en' : null]; };
      });

      // One group of a partner's details: a term, and a list of names (or of label and value).
      function group(term, items) {
        if (items.length === 0) return null;
        return node('div', {}, [term, node('dd', {}, [node('ul', {}, items)])]);
      }

      function namedItems(kind, ids) {
        return (ids || []).map(function (id) {
          var name = nameTables[kind](id);
          return named('li', id + '. ' + name[0], name[1], {});
        });
      }

      // "Label: value", each part marked English where it fell back.
      function labelled(labelKey, value, valueLang) {
        var item = node('li', {}, [textElement('span', labelKey, {})]);
        item.appendChild(document.createTextNode(': '));
        item.appendChild(named('span', value, valueLang, {}));
        return item;
      }

      function answerText(flag) {
        var key = flag === true ? 'yes' : flag === false ? 'no' : 'notDisclosed';
        return [text(key), english[key] ? 'en' : null];
      }

      function detailsBody(partner) {
        var retention = partner.retention || { standard: null, purposes: [], specialPurposes: [] };
        var retained = [];
        if (retention.standard !== null) retained.push(labelled('standardRetentionLabel', String(retention.standard), null));
        [['purposes', retention.purposes], ['specialPurposes', retention.specialPurposes]].forEach(function (entry) {
          entry[1].forEach(function (pair) {
            var name = nameTables[entry[0]](pair[0]);
            var item = node('li', {}, [named('span', pair[0] + '. ' + name[0], name[1], {})]);
            item.appendChild(document.createTextNode(': ' + pair[1]));
            retained.push(item);
          });
        });
        var stored = [];
        if (partner.storage) {
          var storage = partner.storage;
          stored.push(labelled('cookiesLabel', answerText(storage.usesCookies)[0], answerText(storage.usesCookies)[1]));
          if (storage.usesCookies !== false) {
            var age = storage.maximumAgeDays === null ? answerText(null)
              : storage.maximumAgeDays === 0 ? [text('sessionOnly'), english.sessionOnly ? 'en' : null] : [String(storage.maximumAgeDays), null];
            stored.push(labelled('cookieMaxAgeLabel', age[0], age[1]));
            stored.push(labelled('cookieRefreshLabel', answerText(storage.cookieRefresh)[0], answerText(storage.cookieRefresh)[1]));
          }
          stored.push(labelled('nonCookieAccessLabel', answerText(storage.usesNonCookieAccess)[0], answerText(storage.usesNonCookieAccess)[1]));
        }
        var groups = [
          group(textElement('dt', 'purposesHeading', {}), namedItems('purposes', partner.purposes)),
          group(legitimateInterestTerm('dt'), namedItems('purposes', partner.legitimateInterestPurposes)),
          group(textElement('dt', 'flexiblePurposesHeading', {}), namedItems('purposes', partner.flexiblePurposes)),
          group(textElement('dt', 'specialPurposesHeading', {}), namedItems('specialPurposes', partner.specialPurposes)),
          group(textElement('dt', 'featuresHeading', {}), namedItems('features', partner.features)),
          group(textElement('dt', 'specialFeaturesHeading', {}), namedItems('specialFeatures', partner.specialFeatures)),
          group(textElement('dt', 'dataCategoriesHeading', {}), namedItems('dataCategories', partner.dataCategories)),
          group(textElement('dt', 'retentionHeading', {}), retained),
          group(textElement('dt', 'storageHeading', {}), stored)
        ];
        var base = elementID('partner', partner.id);
        var links = [['privacyPolicyLink', partner.privacyURL, 'privacy-policy'],
                     ['legitimateInterestClaimLink', partner.legitimateInterestClaim, 'legitimate-interest-claim'],
                     ['storageDisclosureLink', partner.storageDisclosure, 'storage-disclosure']]
          .filter(function (entry) { return entry[1] && /^https?:\/\//i.test(entry[1]); })
          .map(function (entry) {
            return node('li', {}, [textElement('a', entry[0], {
              id: base + '-' + entry[2], href: entry[1], target: '_blank', rel: 'noopener noreferrer',
              'aria-describedby': base + '-name'
            })]);
          });
        return [node('dl', { class: 'disclosures' }, groups)].concat(links.length > 0 ? [node('ul', { class: 'links' }, links)] : []);
      }

      // A partner's details, closed: drawn the first time they are opened.
      function details(partner) {
        var base = elementID('partner', partner.id);
        var summary = textElement('summary', 'partnerDetails', { id: base + '-details-summary', 'aria-describedby': base + '-name' });
        var element = node('details', { id: base + '-details', class: 'partner-details' }, [summary]);
        function draw() {
          if (element.childNodes.length > 1) return;
          detailsBody(partner).forEach(function (child) { element.appendChild(child); });
        }
        // Drawn as the summary is pressed (by click, Enter or Space), before the details open; and when they
        // open otherwise (the browser's find in page).
        summary.addEventListener('click', draw);
        element.addEventListener('toggle', function () { if (element.open) draw(); });
        return element;
      }

      // What a partner claims, by the numbers of the purposes and special features above, its privacy policy,
      // and its details.
      function claims(partner) {
        var entries = [
          [textElement('dt', 'purposesHeading', {}), partner.purposes],
          [legitimateInterestTerm('dt'), partner.legitimateInterestPurposes],
          [textElement('dt', 'specialFeaturesHeading', {}), partner.specialFeatures]
        ];
        var terms = [];
        entries.forEach(function (entry) {
          if (entry[1].length > 0) terms.push(node('div', {}, [entry[0], named('dd', entry[1].join(', '), null, {})]));
        });
        var elements = terms.length > 0 ? [node('dl', { class: 'claims' }, terms)] : [];
        if (partner.privacyURL && /^https?:\/\//i.test(partner.privacyURL)) {
          var link = named('a', partner.privacyURL, null, {
            id: elementID('partner', partner.id) + '-privacy', href: partner.privacyURL, target: '_blank', rel: 'noopener noreferrer',
            'aria-describedby': elementID('partner', partner.id) + '-name'
          });
          elements.push(node('p', { class: 'description' }, [link]));
        }
        if (typeof partner.id === 'number') elements.push(details(partner));
        return { elements: elements };
      }

      if (data.partners.length > 0) {
        manage.appendChild(heading(2, 'partnersHeading', 'partners-heading'));
        manage.appendChild(list(data.partners.map(function (partner) {
          return toggle('partner', partner.id, partnerName(partner), null, 'consentLabel', chosen.partners, claims(partner));
        })));
      }

      if (data.legitimateInterestPartners.length > 0) {
        var partners = {};
        data.partners.forEach(function (partner) { partners[partner.id] = partner; });
        manage.appendChild(heading(2, 'partnerLegitimateInterestHeading', 'partner-legitimate-interest-heading'));
        manage.appendChild(list(data.legitimateInterestPartners.map(function (id) {
          return toggle('partner-objection', id, partnerName(partners[id]), null, 'objectLabel', chosen.partnerObjections);
        })));
      }

      manage.appendChild(node('div', { class: 'choices' }, [
        button('accept-all', 'acceptAll', 'choice', function () { answer('consentAll'); }),
        button('reject-all', 'rejectAll', 'choice', function () { answer('rejectAll'); }),
        button('confirm-choices', 'confirmChoices', 'choice', function () { answer('custom'); })
      ]));
    }

    root.appendChild(first);
    root.appendChild(manage);
  }

  function optOutForm() {
    var chosen = {
      sale: data.current.sale, sharing: data.current.sharing, targetedAdvertising: data.current.targetedAdvertising
    };
    var section = node('section', { id: 'opt-out-layer', 'aria-labelledby': 'opt-out-title' });
    section.appendChild(heading(1, 'usOptOutTitle', 'opt-out-title'));
    section.appendChild(textElement('p', 'usOptOutText', {}));
    section.appendChild(list([['sale', 'optOutSale'], ['sharing', 'optOutSharing'],
                              ['targetedAdvertising', 'optOutTargeted']].map(function (entry) {
      var input = node('input', { type: 'checkbox', role: 'switch', id: 'opt-out-' + entry[0] });
      input.checked = chosen[entry[0]];
      input.addEventListener('change', function () { chosen[entry[0]] = input.checked; });
      var name = textElement('span', entry[1], { class: 'name' });
      return node('li', { class: 'item' }, [node('label', { class: 'row switch' }, [name, input])]);
    })));
    section.appendChild(node('div', { class: 'choices' }, [
      button('confirm-choices', 'confirmChoices', 'choice', function () {
        send({ form: 'optOutForm', sale: chosen.sale, sharing: chosen.sharing,
               targetedAdvertising: chosen.targetedAdvertising });
      })
    ]));
    root.appendChild(section);
  }

  if (data.form === 'optOutForm') optOutForm(); else consentForm();
  root.appendChild(notice);
})(window, document, CONSENT_ENGINE_FORM_DATA);
