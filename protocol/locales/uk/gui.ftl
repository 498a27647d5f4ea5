# Вікно pygame українською (client/gui/*): панель, її кнопки, запитання й повідомлення, підписи дошок,
# сторінки лобі, розбір і дошка аналізу.

## Панель поруч із дошкою (client/gui/app.py)
gui-who-where = { $name } на { $url }
gui-keys-lobby = F8: турніри  F9: гравці  F10: партії
gui-keys-lobby-more = F11: дошка аналізу  Esc: вихід
gui-keys-tournaments = F8: ігри й кімнати   Esc: назад
gui-keys-players = F9: ігри й кімнати   Esc: назад
gui-keys-games = F10: ігри й кімнати   Esc: назад
gui-keys-desk = T: дерево гри   Esc: назад
gui-keys-desk-tree = Esc: назад до дошки
gui-keys-quit = Esc: вихід
gui-keys-typing = Enter: надіслати   Esc: не писати
gui-chat-placeholder = F5: чат (Enter надсилає)
gui-seat-you = { $name } (ви)
gui-seat-away = { $name } - немає зв'язку
gui-waiting-challenge = чекаємо, що { $name } відповість на ваш виклик
gui-scores = очки: { $scores }
gui-last-move = останній хід: { $move }
gui-last-move-by = останній хід: { $move } ({ $name })
gui-share-anyone = вільне місце може зайняти будь-хто
gui-code-theirs = код { $code }: місце для { $name } (на будь-якому пристрої); хто ще прийде з ним, дивитиметься
gui-code-anyone = код { $code }: вільне місце може зайняти будь-хто, у кого він є
gui-room-share = кімната { $room }  { $share }
gui-you-play = ви граєте: { $mark }
gui-you-are = ви граєте за { $mark }
gui-nobody = нікого
gui-bot = бот
gui-open-seat = (вільне місце)
gui-invite-seat = (місце за запрошенням)

## Запитання в панелі
gui-yes = Так (Y)
gui-no = Ні (N, Esc)
gui-accept = Прийняти (Y)
gui-decline = Відхилити (N)
gui-resign-question = Здатися в цій партії ({ $game }) проти { $names }? Цього не можна скасувати.

## Що каже вікно в рядку повідомлень і в журналі кімнати
gui-watching = ви спостерігаєте за цією партією
gui-not-started = партія ще не почалася
gui-is-over = партію закінчено
gui-not-your-turn = зараз не ваш хід
gui-not-your-turn-name = зараз не ваш хід: ходить { $name }
gui-still-sending = ваш останній хід ще надсилається
gui-illegal = { $move } — неможливий хід у цій позиції
gui-choose-player-first = спершу виберіть гравця, якого викликаєте
gui-spectators = глядачі лише дивляться: ходи й дії належать гравцям
gui-nothing-to-resign = нема чого здавати: партія не триває
gui-rematch-after = реванш можна попросити після партії
gui-play-on = гра триває
gui-thinking = думаю...
gui-review-after = розбір буде після закінчення партії
gui-move-unsent = хід { $move }, можливо, не надіслано ({ $error }); дошка наздожене
gui-no-room-to-talk = немає кімнати, щоб писати в чат
gui-draws-during = нічию домовляються під час партії
gui-draw-stands = ваша пропозиція нічиєї чинна; чекаємо на { $names }
gui-failed-create = кімнату не створено: { $why }
gui-failed-join = не вдалося приєднатися до { $room }: { $why }
gui-failed-watch = не вдалося дивитися { $room }: { $why }
gui-choose-game-first = спершу виберіть гру
gui-bad-param = параметр { $param }: пишіть КЛЮЧ=ЗНАЧЕННЯ, наприклад heaps=3,4,5
gui-bad-vs = --vs { $vs }: пишіть human або bot:РІВЕНЬ, де РІВЕНЬ один із { $levels }
gui-no-room-join = на цьому сервері немає кімнати '{ $code }', щоб приєднатися: перевірте ідентифікатор або код кімнати
gui-no-room-watch = на цьому сервері немає кімнати '{ $code }', щоб дивитися: перевірте ідентифікатор або код кімнати
gui-type-name-first = спершу введіть ім'я гравця (N)
gui-that-player = цей гравець
gui-that-is-you = це ви: викличте когось іншого
gui-sent-withdraw = { $sent } (F7 відкликає виклик)
gui-game-on = партія триває: спершу здайтеся (F3) або грайте далі
gui-no-room-list = немає списку кімнат: { $why }
gui-entered = ви записалися на турнір { $name }
gui-withdrawn = ви вибули з турніру { $name }
gui-declined-challenge = ви відхилили виклик від { $name }
gui-no-rematch = реваншу не буде: { $why }
gui-following = переходимо за гравцями в їхній реванш
gui-reconnecting = з'єднання втрачено; відновлюємо...
gui-moved = сервер перезапускається: перейшли на { $url } без перерви
gui-reconnected = з'єднання відновлено
gui-session-lost = з'єднання відновлено, але сеанс утрачено
gui-rating-yours = ваш рейтинг { $before } -> { $after } ({ $change })
gui-rating-theirs = рейтинг гравця { $name } { $before } -> { $after } ({ $change })
gui-rating-won-side-yours = початкова позиція виграшна для вашої сторони: для рейтингу її виграш рахується як нічия
gui-rating-won-side = початкова позиція виграшна для сторони { $name }: для рейтингу її виграш рахується як нічия

## Події кімнати (client/gui/session.py)
gui-player-back = { $name } знову в грі
gui-player-away = { $name } втратив з'єднання
gui-draw-offered = ви запропонували нічию; чекаємо на { $names }
gui-draw-offer = { $name } пропонує нічию
gui-draw-offer-to-you = { $name } пропонує нічию: F8 приймає, F9 відхиляє
gui-you-declined-draw = ви відхилили нічию
gui-declined-draw = { $name }: нічию відхилено
gui-rematch-asked = ви попросили реванш; чекаємо на { $names }
gui-rematch-asked-room = ви попросили реванш; чекаємо на нову кімнату
gui-rematch-offer = { $name } просить реванш
gui-rematch-to-you = { $name } просить реванш (F4 приймає)

## Підписи дошок (client/gui/heaps.py, grids.py, draw.py)
gui-nim-caption = { $heaps ->
        [one] { NUMBER($heaps) } купка
        [few] { NUMBER($heaps) } купки
       *[many] { NUMBER($heaps) } купок
    }, { $objects ->
        [one] { NUMBER($objects) } предмет
        [few] { NUMBER($objects) } предмети
       *[many] { NUMBER($objects) } предметів
    }; клацніть предмет, щоб узяти його й усі після нього
gui-subtraction-caption = брати { $take }; купка зупиняється на { $goal } ({ $rule })
gui-stones-caption = разом { $total }, гра закінчується на { $goal } ({ $rule })
gui-kayles-caption = стоїть { NUMBER($up) } з { $n ->
        [one] { NUMBER($n) } кеглі
       *[other] { NUMBER($n) } кеглів
    }; клацніть кеглю, правою кнопкою — її й наступну
gui-pins = кеглі
gui-mnk-caption = виграє { $k } в ряд
gui-choice-more = поставити ще два
gui-choice-play = грати: { $choice }
gui-gomoku-opening = { $rule }, дебют { $opening }
gui-coins-caption = монети радіуса { $radius }; вільних центрів: { NUMBER($free) }
gui-corner-caption = { $piece } ходить в один бік, стоїть на { $at }; гравців: { NUMBER($players) }
gui-pawn-caption = Max (місце 0) ходить угору або праворуч, Min (місце 1) так само; діагональ платить Max
gui-pursuit-caption = переслідувачів: { NUMBER($pursuers) }{ $alone ->
        [yes] {" "}(кожен сам)
       *[no] {""}
    } проти втікача; раунд { $round } з { $limit }
gui-mines-caption = мін: { NUMBER($mines) }, залишилося { $left }
gui-no-picture = для цієї гри немає малюнка: позиція текстом

## Дерево гри (client/gui/tree.py)
gui-tree-caption = дерево гри: стрілки вибирають, Enter згортає, O відкриває на дошці, D глибше, Esc назад
gui-tree-title = дерево на { NUMBER($depth) } { $depth ->
        [one] півхід
        [few] півходи
       *[many] півходів
    }  (K: той, хто ходить, виграє своїм K-м ходом; -K: програє до K-го)

## Лобі (client/gui/lobby.py)
gui-lobby-caption = виберіть гру та її налаштування й створіть кімнату; або приєднайтеся чи дивіться
gui-games = Ігри
gui-lobby-keys-games = Вгору/Вниз: гра   Enter: створити   Tab: кімнати
gui-lobby-keys-settings = Вліво/Вправо: суперник   P: параметри   C: годинник   R: рейтинг
gui-lobby-keys-rooms = Tab, Вгору/Вниз: кімната   Enter: приєднатися чи дивитися
gui-params-hint = ключ=значення ... (P змінює)
gui-clock-hint = 5+2 або 30s+1; порожньо: без годинника (C змінює)
gui-rated-box = рейтингова (R)
gui-vs-human = людина
gui-level-random = випадковий
gui-level-easy = легкий
gui-level-medium = середній
gui-level-hard = сильний
gui-level-max = макс.
gui-room-line = { $game }: { $players }
gui-room-join = приєднатися · { $clock } · { $params }
gui-room-watch = дивитися · { $clock } · { $params }

## Гравці й виклик (client/gui/players.py)
gui-players-caption = гравці онлайн: виберіть когось і викличте на гру
gui-players-online = Гравці онлайн
gui-nobody-yet = поки нікого
gui-players-keys = Вгору/Вниз: гравець   F9, Esc: назад
gui-challenge = Виклик
gui-choose-player = виберіть гравця, щоб викликати
gui-that-is-you-device = це ви (на цьому чи іншому пристрої): виберіть когось іншого
gui-challenge-keys = Вліво/Вправо: гра   P: параметри   C: годинник   R: рейтинг
gui-challenge-send = Викликати { $name } (Enter)

## Зіграні партії гравця (client/gui/games.py)
gui-games-caption = зіграні партії гравця: виберіть одну й відкрийте
gui-games-name-hint = зареєстроване ім'я або bot:РІВЕНЬ (N змінює, Enter показує)
gui-games-type-name = введіть ім'я гравця й натисніть Enter
gui-open = Відкрити
gui-newer = Новіші (PgUp)
gui-older = Старіші (PgDn)
gui-games-keys = Вгору/Вниз: партія   Enter: відкрити   F10, Esc: назад
gui-pg-page = { $name }: партії { $first }-{ $last } з { $total } (новіші спершу)
gui-pg-none = { $name }: ще немає зіграних партій
gui-pg-past = { $name }: після { $offset } партій більше немає (усього { $total })
gui-pg-vs = { $first } проти { $rest }
gui-pg-win = виграш
gui-pg-loss = програш
gui-pg-draw = нічия

## Турніри (client/gui/tournaments.py)
gui-tournaments-caption = турніри: відкрийте, щоб бачити таблицю наживо; запишіться або дивіться партії
gui-tournaments = Турніри
gui-none-yet = поки немає
gui-round-short = тур { $n }
gui-entrants = { $n ->
        [one] { NUMBER($n) } учасник
        [few] { NUMBER($n) } учасники
       *[many] { NUMBER($n) } учасників
    }
gui-tournaments-keys = Вгору/Вниз, Enter: відкрити   F8, Esc: назад
gui-standings = Таблиця
gui-open-tournament = відкрийте турнір, щоб побачити таблицю
gui-rating-here = рейтинг (±)
gui-and-more = ... і ще { $n }
gui-round = { $rounds ->
        [0] Тур { $n }
       *[other] Тур { $n } з { $rounds }
    }
gui-not-started-yet = Ще не почався
gui-withdraw = Вибути (W)
gui-enter = Записатися (E)
gui-click-to-watch = клацніть партію, щоб дивитися

## Дошка аналізу й розбір (client/gui/analysis.py)
gui-an-title = аналіз · хід { $ply } з { $plies } · { $where }
gui-an-what-if = А ЯКЩО  (B: назад до партії)
gui-an-explaining = пояснюю...
gui-an-lines = рядки { $first }-{ $last } з { $total }: коліщатко або PgUp/PgDn
gui-an-keys = Вліво/Вправо Home/End: крок · клацання: а якщо · B: хід партії · F6 розбір · Esc
gui-an-none = немає дошки аналізу: { $why }
gui-an-after = дошка аналізу відкривається після закінчення партії
gui-an-making = дошка аналізу готується: спробуйте за мить
gui-desk-help = дошка аналізу: клацання пробує хід, стрілки крокують, B назад, T дерево, Esc лобі
gui-first-player = перший гравець
gui-second-player = другий гравець
gui-review-accuracy = точність: { $text }
gui-review-turning = переломні: { $text }
gui-review-head = хід, гравець: хід · до -> після · оцінка (клацання: дошка в цій позиції)
gui-review-keys = Esc або F6: назад · клацніть хід: дошка аналізу в цій позиції
gui-review-keys-more = { $keys } · рядки { $first }-{ $last } з { $total } (коліщатко, PgUp/PgDn)
gui-review-computing = розбір обчислюється...
gui-review-unreadable = не вдалося прочитати ходи партії
gui-review-none = немає розбору: { $why }
gui-review-title = розбір розв'язувача: { $outcome }, { $reason }
gui-hint = підказка: { $hint }
gui-hint-why = чому { $move }: { $why }
gui-hint-hidden = деякі ходи приховані від вас
gui-hint-none = розв'язувач не дав підказки
