# Окно pygame по-русски (client/gui/*): панель, её кнопки, вопросы и сообщения, подписи досок,
# страницы лобби, разбор и доска анализа.

## Панель рядом с доской (client/gui/app.py)
gui-who-where = { $name } на { $url }
gui-keys-lobby = F8: турниры  F9: игроки  F10: партии
gui-keys-lobby-more = F11: доска анализа  Esc: выход
gui-keys-tournaments = F8: игры и комнаты   Esc: назад
gui-keys-players = F9: игры и комнаты   Esc: назад
gui-keys-games = F10: игры и комнаты   Esc: назад
gui-keys-desk = T: дерево игры   Esc: назад
gui-keys-desk-tree = Esc: назад к доске
gui-keys-quit = Esc: выход
gui-keys-typing = Enter: отправить   Esc: не писать
gui-chat-placeholder = F5: чат (Enter отправляет)
gui-seat-you = { $name } (вы)
gui-seat-away = { $name } - нет связи
gui-waiting-challenge = ждём, когда { $name } ответит на ваш вызов
gui-scores = очки: { $scores }
gui-last-move = последний ход: { $move }
gui-last-move-by = последний ход: { $move } ({ $name })
gui-share-anyone = свободное место может занять любой
gui-code-theirs = код { $code }: место для { $name } (на любом устройстве); кто ещё придёт с ним, будет смотреть
gui-code-anyone = код { $code }: свободное место может занять любой, у кого он есть
gui-room-share = комната { $room }  { $share }
gui-you-play = вы играете: { $mark }
gui-you-are = вы играете за { $mark }
gui-nobody = никого
gui-bot = бот
gui-open-seat = (свободное место)
gui-invite-seat = (место по приглашению)

## Вопросы в панели
gui-yes = Да (Y)
gui-no = Нет (N, Esc)
gui-accept = Принять (Y)
gui-decline = Отклонить (N)
gui-resign-question = Сдаться в этой партии ({ $game }) против { $names }? Это нельзя отменить.

## Что окно говорит в строке сообщений и в журнале комнаты
gui-watching = вы наблюдаете за этой партией
gui-not-started = партия ещё не началась
gui-is-over = партия окончена
gui-not-your-turn = сейчас не ваш ход
gui-not-your-turn-name = сейчас не ваш ход: ходит { $name }
gui-still-sending = ваш последний ход ещё отправляется
gui-illegal = { $move } — невозможный ход в этой позиции
gui-choose-player-first = сначала выберите игрока, которого вызываете
gui-spectators = зрители только смотрят: ходы и действия принадлежат игрокам
gui-nothing-to-resign = нечего сдавать: партия не идёт
gui-rematch-after = реванш можно попросить после партии
gui-play-on = игра продолжается
gui-thinking = думаю...
gui-review-after = разбор будет после окончания партии
gui-move-unsent = ход { $move }, возможно, не отправлен ({ $error }); доска догонит
gui-no-room-to-talk = нет комнаты, чтобы писать в чат
gui-draws-during = о ничьей договариваются во время партии
gui-draw-stands = ваше предложение ничьей в силе; ждём { $names }
gui-failed-create = комната не создана: { $why }
gui-failed-join = не удалось войти в { $room }: { $why }
gui-failed-watch = не удалось смотреть { $room }: { $why }
gui-choose-game-first = сначала выберите игру
gui-bad-param = параметр { $param }: пишите КЛЮЧ=ЗНАЧЕНИЕ, например heaps=3,4,5
gui-bad-vs = --vs { $vs }: пишите human или bot:УРОВЕНЬ, где УРОВЕНЬ один из { $levels }
gui-no-room-join = на этом сервере нет комнаты '{ $code }', чтобы войти: проверьте идентификатор или код комнаты
gui-no-room-watch = на этом сервере нет комнаты '{ $code }', чтобы смотреть: проверьте идентификатор или код комнаты
gui-type-name-first = сначала введите имя игрока (N)
gui-that-player = этот игрок
gui-that-is-you = это вы: вызовите кого-нибудь другого
gui-sent-withdraw = { $sent } (F7 отзывает вызов)
gui-game-on = партия идёт: сначала сдайтесь (F3) или играйте дальше
gui-no-room-list = нет списка комнат: { $why }
gui-entered = вы записались на турнир { $name }
gui-withdrawn = вы выбыли из турнира { $name }
gui-declined-challenge = вы отклонили вызов от { $name }
gui-no-rematch = реванша не будет: { $why }
gui-following = переходим за игроками в их реванш
gui-reconnecting = соединение потеряно; восстанавливаем...
gui-moved = сервер перезапускается: перешли на { $url } без перерыва
gui-reconnected = соединение восстановлено
gui-session-lost = соединение восстановлено, но сеанс потерян
gui-rating-yours = ваш рейтинг { $before } -> { $after } ({ $change })
gui-rating-theirs = рейтинг игрока { $name } { $before } -> { $after } ({ $change })
gui-rating-won-side-yours = начальная позиция выигрышна для вашей стороны: для рейтинга её выигрыш считается ничьей
gui-rating-won-side = начальная позиция выигрышна для стороны { $name }: для рейтинга её выигрыш считается ничьей

## События комнаты (client/gui/session.py)
gui-player-back = { $name } снова в игре
gui-player-away = { $name } потерял соединение
gui-draw-offered = вы предложили ничью; ждём { $names }
gui-draw-offer = { $name } предлагает ничью
gui-draw-offer-to-you = { $name } предлагает ничью: F8 принимает, F9 отклоняет
gui-you-declined-draw = вы отклонили ничью
gui-declined-draw = { $name }: ничья отклонена
gui-rematch-asked = вы попросили реванш; ждём { $names }
gui-rematch-asked-room = вы попросили реванш; ждём новую комнату
gui-rematch-offer = { $name } просит реванш
gui-rematch-to-you = { $name } просит реванш (F4 принимает)

## Подписи досок (client/gui/heaps.py, grids.py, draw.py)
gui-nim-caption = { $heaps ->
        [one] { NUMBER($heaps) } кучка
        [few] { NUMBER($heaps) } кучки
       *[many] { NUMBER($heaps) } кучек
    }, { $objects ->
        [one] { NUMBER($objects) } предмет
        [few] { NUMBER($objects) } предмета
       *[many] { NUMBER($objects) } предметов
    }; щёлкните предмет, чтобы взять его и все после него
gui-subtraction-caption = брать { $take }; кучка останавливается на { $goal } ({ $rule })
gui-stones-caption = всего { $total }, игра кончается на { $goal } ({ $rule })
gui-kayles-caption = стоит { NUMBER($up) } из { $n ->
        [one] { NUMBER($n) } кегли
       *[other] { NUMBER($n) } кеглей
    }; щёлкните кеглю, правой кнопкой — её и следующую
gui-pins = кегли
gui-mnk-caption = выигрывает { $k } в ряд
gui-choice-more = поставить ещё два
gui-choice-play = играть: { $choice }
gui-gomoku-opening = { $rule }, дебют { $opening }
gui-coins-caption = монеты радиуса { $radius }; свободных центров: { NUMBER($free) }
gui-corner-caption = { $piece } ходит в одну сторону, стоит на { $at }; игроков: { NUMBER($players) }
gui-pawn-caption = Max (место 0) ходит вверх или вправо, Min (место 1) так же; диагональ платит Max
gui-pursuit-caption = преследователей: { NUMBER($pursuers) }{ $alone ->
        [yes] {" "}(каждый сам)
       *[no] {""}
    } против убегающего; раунд { $round } из { $limit }
gui-mines-caption = мин: { NUMBER($mines) }, осталось { $left }
gui-no-picture = для этой игры нет рисунка: позиция текстом

## Дерево игры (client/gui/tree.py)
gui-tree-caption = дерево игры: стрелки выбирают, Enter сворачивает, O открывает на доске, D глубже, Esc назад
gui-tree-title = дерево на { NUMBER($depth) } { $depth ->
        [one] полуход
        [few] полухода
       *[many] полуходов
    }  (K: ходящий выигрывает своим K-м ходом; -K: проигрывает к K-му)

## Лобби (client/gui/lobby.py)
gui-lobby-caption = выберите игру и её настройки и создайте комнату; или присоединитесь, или смотрите
gui-games = Игры
gui-lobby-keys-games = Вверх/Вниз: игра   Enter: создать   Tab: комнаты
gui-lobby-keys-settings = Влево/Вправо: соперник   P: параметры   C: часы   R: рейтинг
gui-lobby-keys-rooms = Tab, Вверх/Вниз: комната   Enter: войти или смотреть
gui-params-hint = ключ=значение ... (P изменяет)
gui-clock-hint = 5+2 или 30s+1; пусто: без часов (C изменяет)
gui-rated-box = рейтинговая (R)
gui-vs-human = человек
gui-level-random = случайный
gui-level-easy = лёгкий
gui-level-medium = средний
gui-level-hard = сильный
gui-level-max = макс.
gui-room-line = { $game }: { $players }
gui-room-join = войти · { $clock } · { $params }
gui-room-watch = смотреть · { $clock } · { $params }

## Игроки и вызов (client/gui/players.py)
gui-players-caption = игроки онлайн: выберите кого-нибудь и вызовите на игру
gui-players-online = Игроки онлайн
gui-nobody-yet = пока никого
gui-players-keys = Вверх/Вниз: игрок   F9, Esc: назад
gui-challenge = Вызов
gui-choose-player = выберите игрока, чтобы вызвать
gui-that-is-you-device = это вы (на этом или другом устройстве): выберите кого-нибудь другого
gui-challenge-keys = Влево/Вправо: игра   P: параметры   C: часы   R: рейтинг
gui-challenge-send = Вызвать { $name } (Enter)

## Сыгранные партии игрока (client/gui/games.py)
gui-games-caption = сыгранные партии игрока: выберите одну и откройте
gui-games-name-hint = зарегистрированное имя или bot:УРОВЕНЬ (N изменяет, Enter показывает)
gui-games-type-name = введите имя игрока и нажмите Enter
gui-open = Открыть
gui-newer = Новее (PgUp)
gui-older = Старше (PgDn)
gui-games-keys = Вверх/Вниз: партия   Enter: открыть   F10, Esc: назад
gui-pg-page = { $name }: партии { $first }-{ $last } из { $total } (новые сначала)
gui-pg-none = { $name }: ещё нет сыгранных партий
gui-pg-past = { $name }: после { $offset } партий больше нет (всего { $total })
gui-pg-vs = { $first } против { $rest }
gui-pg-win = выигрыш
gui-pg-loss = проигрыш
gui-pg-draw = ничья

## Турниры (client/gui/tournaments.py)
gui-tournaments-caption = турниры: откройте, чтобы видеть таблицу вживую; запишитесь или смотрите партии
gui-tournaments = Турниры
gui-none-yet = пока нет
gui-round-short = тур { $n }
gui-entrants = { $n ->
        [one] { NUMBER($n) } участник
        [few] { NUMBER($n) } участника
       *[many] { NUMBER($n) } участников
    }
gui-tournaments-keys = Вверх/Вниз, Enter: открыть   F8, Esc: назад
gui-standings = Таблица
gui-open-tournament = откройте турнир, чтобы увидеть таблицу
gui-rating-here = рейтинг (±)
gui-and-more = ... и ещё { $n }
gui-round = { $rounds ->
        [0] Тур { $n }
       *[other] Тур { $n } из { $rounds }
    }
gui-not-started-yet = Ещё не начался
gui-withdraw = Выбыть (W)
gui-enter = Записаться (E)
gui-click-to-watch = щёлкните партию, чтобы смотреть

## Доска анализа и разбор (client/gui/analysis.py)
gui-an-title = анализ · ход { $ply } из { $plies } · { $where }
gui-an-what-if = А ЕСЛИ  (B: назад к партии)
gui-an-explaining = объясняю...
gui-an-lines = строки { $first }-{ $last } из { $total }: колесо или PgUp/PgDn
gui-an-keys = Влево/Вправо Home/End: шаг · щелчок: а если · B: ход партии · F6 разбор · Esc
gui-an-none = нет доски анализа: { $why }
gui-an-after = доска анализа открывается после окончания партии
gui-an-making = доска анализа готовится: попробуйте через мгновение
gui-desk-help = доска анализа: щелчок пробует ход, стрелки шагают, B назад, T дерево, Esc лобби
gui-first-player = первый игрок
gui-second-player = второй игрок
gui-review-accuracy = точность: { $text }
gui-review-turning = переломные: { $text }
gui-review-head = ход, игрок: ход · до -> после · оценка (щелчок: доска в этой позиции)
gui-review-keys = Esc или F6: назад · щёлкните ход: доска анализа в этой позиции
gui-review-keys-more = { $keys } · строки { $first }-{ $last } из { $total } (колесо, PgUp/PgDn)
gui-review-computing = разбор вычисляется...
gui-review-unreadable = не удалось прочитать ходы партии
gui-review-none = нет разбора: { $why }
gui-review-title = разбор решателя: { $outcome }, { $reason }
gui-hint = подсказка: { $hint }
gui-hint-why = почему { $move }: { $why }
gui-hint-hidden = некоторые ходы скрыты от вас
gui-hint-none = решатель не дал подсказки
