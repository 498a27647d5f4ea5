# Прозорецът на pygame на български (client/gui/*): панелът, бутоните му, въпросите и съобщенията,
# надписите на дъските, страниците на фоайето, разборът и дъската за анализ.

## Панелът до дъската (client/gui/app.py)
gui-who-where = { $name } на { $url }
gui-keys-lobby = F8: турнири  F9: играчи  F10: партии
gui-keys-lobby-more = F11: дъска за анализ  Esc: изход
gui-keys-tournaments = F8: игри и стаи   Esc: назад
gui-keys-players = F9: игри и стаи   Esc: назад
gui-keys-games = F10: игри и стаи   Esc: назад
gui-keys-desk = T: дървото на играта   Esc: назад
gui-keys-desk-tree = Esc: обратно към дъската
gui-keys-quit = Esc: изход
gui-keys-typing = Enter: изпрати   Esc: спри писането
gui-chat-placeholder = F5: чат (Enter изпраща)
gui-seat-you = { $name } (вие)
gui-seat-away = { $name } - няма връзка
gui-waiting-challenge = чакаме { $name } да отговори на предизвикателството ви
gui-scores = точки: { $scores }
gui-last-move = последен ход: { $move }
gui-last-move-by = последен ход: { $move } ({ $name })
gui-share-anyone = свободното място може да заеме всеки
gui-code-theirs = код { $code }: мястото на { $name } (на всяко негово устройство); всеки друг с него гледа
gui-code-anyone = код { $code }: свободното място може да заеме всеки, който го има
gui-room-share = стая { $room }  { $share }
gui-you-play = вие играете: { $mark }
gui-you-are = вие играете с { $mark }
gui-nobody = никой
gui-bot = бот
gui-open-seat = (свободно място)
gui-invite-seat = (място с покана)

## Въпроси в панела
gui-yes = Да (Y)
gui-no = Не (N, Esc)
gui-accept = Приеми (Y)
gui-decline = Откажи (N)
gui-resign-question = Да се предадете ли в тази партия ({ $game }) срещу { $names }? Това не може да се отмени.

## Какво казва прозорецът в реда за съобщения и в дневника на стаята
gui-watching = вие гледате тази партия
gui-not-started = партията още не е започнала
gui-is-over = партията е свършила
gui-not-your-turn = не сте на ход
gui-not-your-turn-name = не сте на ход: { $name } е на ход
gui-still-sending = последният ви ход още се изпраща
gui-illegal = { $move } не е възможен ход в тази позиция
gui-choose-player-first = първо изберете играч, когото да предизвикате
gui-spectators = зрителите само гледат: ходовете и действията са на играчите
gui-nothing-to-resign = няма какво да предавате: партията не тече
gui-rematch-after = реванш се иска след партията
gui-play-on = играта продължава
gui-thinking = мисля...
gui-review-after = разборът идва след края на партията
gui-move-unsent = ходът { $move } може да не е изпратен ({ $error }); дъската ще навакса
gui-no-room-to-talk = няма стая, в която да пишете
gui-draws-during = за реми се договаря по време на партия
gui-draw-stands = предложението ви за реми е в сила; чакаме { $names }
gui-failed-create = стаята не е създадена: { $why }
gui-failed-join = не успяхте да влезете в { $room }: { $why }
gui-failed-watch = не успяхте да гледате { $room }: { $why }
gui-choose-game-first = първо изберете игра
gui-bad-param = параметър { $param }: пишете КЛЮЧ=СТОЙНОСТ, например heaps=3,4,5
gui-bad-vs = --vs { $vs }: пишете human или bot:НИВО, където НИВО е едно от { $levels }
gui-no-room-join = на този сървър няма стая '{ $code }', в която да влезете: проверете идентификатора или кода на стаята
gui-no-room-watch = на този сървър няма стая '{ $code }', която да гледате: проверете идентификатора или кода на стаята
gui-type-name-first = първо въведете име на играч (N)
gui-that-player = този играч
gui-that-is-you = това сте вие: предизвикайте някой друг
gui-sent-withdraw = { $sent } (F7 го оттегля)
gui-game-on = партията тече: първо се предайте (F3) или продължете да играете
gui-no-room-list = няма списък на стаите: { $why }
gui-entered = записахте се в турнира { $name }
gui-withdrawn = оттеглихте се от турнира { $name }
gui-declined-challenge = отказахте предизвикателството на { $name }
gui-no-rematch = няма реванш: { $why }
gui-following = следваме играчите в техния реванш
gui-reconnecting = връзката прекъсна; свързваме отново...
gui-moved = сървърът се рестартира: преминахме към { $url } без прекъсване
gui-reconnected = връзката е възстановена
gui-session-lost = връзката е възстановена, но сесията е загубена
gui-rating-yours = вашият рейтинг { $before } -> { $after } ({ $change })
gui-rating-theirs = рейтингът на { $name } { $before } -> { $after } ({ $change })
gui-rating-won-side-yours = началната позиция е печеливша за вашата страна: за рейтинга победата ѝ се брои за реми
gui-rating-won-side = началната позиция е печеливша за страната на { $name }: за рейтинга победата ѝ се брои за реми

## Събитията в стаята (client/gui/session.py)
gui-player-back = { $name } се върна
gui-player-away = { $name } загуби връзка
gui-draw-offered = предложихте реми; чакаме { $names }
gui-draw-offer = { $name } предлага реми
gui-draw-offer-to-you = { $name } предлага реми: F8 приема, F9 отказва
gui-you-declined-draw = отказахте реми
gui-declined-draw = { $name } отказа реми
gui-rematch-asked = поискахте реванш; чакаме { $names }
gui-rematch-asked-room = поискахте реванш; чакаме новата стая
gui-rematch-offer = { $name } иска реванш
gui-rematch-to-you = { $name } иска реванш (F4 приема)

## Надписите на дъските (client/gui/heaps.py, grids.py, draw.py)
gui-nim-caption = { $heaps ->
        [one] { NUMBER($heaps) } купчина
       *[other] { NUMBER($heaps) } купчини
    }, { $objects ->
        [one] { NUMBER($objects) } предмет
       *[other] { NUMBER($objects) } предмета
    }; щракнете предмет, за да вземете него и всички след него
gui-subtraction-caption = вземат се { $take }; купчината спира на { $goal } ({ $rule })
gui-stones-caption = общо { $total }, играта свършва при { $goal } ({ $rule })
gui-kayles-caption = стоят { NUMBER($up) } от { $n ->
        [one] { NUMBER($n) } кегла
       *[other] { NUMBER($n) } кегли
    }; щракнете кегла, с десния бутон — нея и следващата
gui-pins = кегли
gui-mnk-caption = { $k } в редица печелят
gui-choice-more = постави още два
gui-choice-play = играй: { $choice }
gui-gomoku-opening = { $rule }, дебют { $opening }
gui-coins-caption = монети с радиус { $radius }; свободни центрове: { NUMBER($free) }
gui-corner-caption = { $piece } се движи в една посока, стои на { $at }; играчи: { NUMBER($players) }
gui-pawn-caption = Max (място 0) се движи нагоре или надясно, Min (място 1) също; диагоналът плаща на Max
gui-pursuit-caption = преследвачи: { NUMBER($pursuers) }{ $alone ->
        [yes] {" "}(всеки сам)
       *[no] {""}
    } срещу бягащия; рунд { $round } от { $limit }
gui-mines-caption = мини: { NUMBER($mines) }, остават { $left }
gui-no-picture = няма картина за тази игра: позицията като текст

## Дървото на играта (client/gui/tree.py)
gui-tree-caption = дървото на играта: стрелките избират, Enter свива, O отваря на дъската, D по-дълбоко, Esc назад
gui-tree-title = дървото до { NUMBER($depth) } { $depth ->
        [one] полуход
       *[other] полухода
    }  (K: който е на ход, печели с K-ия си ход; -K: губи до K-ия)

## Фоайето (client/gui/lobby.py)
gui-lobby-caption = изберете игра и настройките ѝ и създайте стая; или влезте, или гледайте стая
gui-games = Игри
gui-lobby-keys-games = Горе/Долу: игра   Enter: създай   Tab: стаи
gui-lobby-keys-settings = Ляво/Дясно: противник   P: параметри   C: часовник   R: рейтинг
gui-lobby-keys-rooms = Tab, Горе/Долу: стая   Enter: влез или гледай
gui-params-hint = ключ=стойност ... (P редактира)
gui-clock-hint = 5+2 или 30s+1; празно: без часовник (C редактира)
gui-rated-box = рейтингова (R)
gui-vs-human = човек
gui-level-random = случаен
gui-level-easy = лесен
gui-level-medium = среден
gui-level-hard = силен
gui-level-max = макс.
gui-room-line = { $game }: { $players }
gui-room-join = влез · { $clock } · { $params }
gui-room-watch = гледай · { $clock } · { $params }

## Играчите и предизвикателството (client/gui/players.py)
gui-players-caption = играчи на линия: изберете някого и го предизвикайте на игра
gui-players-online = Играчи на линия
gui-nobody-yet = още няма никой
gui-players-keys = Горе/Долу: играч   F9, Esc: назад
gui-challenge = Предизвикателство
gui-choose-player = изберете играч, когото да предизвикате
gui-that-is-you-device = това сте вие (на това или друго устройство): изберете някой друг
gui-challenge-keys = Ляво/Дясно: игра   P: параметри   C: часовник   R: рейтинг
gui-challenge-send = Предизвикай { $name } (Enter)

## Изиграните партии на играч (client/gui/games.py)
gui-games-caption = изиграните партии на играч: изберете една и я отворете
gui-games-name-hint = регистрирано име или bot:НИВО (N редактира, Enter показва)
gui-games-type-name = въведете име на играч и натиснете Enter
gui-open = Отвори
gui-newer = По-нови (PgUp)
gui-older = По-стари (PgDn)
gui-games-keys = Горе/Долу: партия   Enter: отвори   F10, Esc: назад
gui-pg-page = { $name }: партии { $first }-{ $last } от { $total } (първо най-новите)
gui-pg-none = { $name }: още няма изиграни партии
gui-pg-past = { $name }: след { $offset } няма повече партии (общо { $total })
gui-pg-vs = { $first } срещу { $rest }
gui-pg-win = победа
gui-pg-loss = загуба
gui-pg-draw = реми

## Турнирите (client/gui/tournaments.py)
gui-tournaments-caption = турнири: отворете един, за да виждате класирането на живо; запишете се или гледайте партиите
gui-tournaments = Турнири
gui-none-yet = още няма
gui-round-short = кръг { $n }
gui-entrants = { $n ->
        [one] { NUMBER($n) } участник
       *[other] { NUMBER($n) } участници
    }
gui-tournaments-keys = Горе/Долу, Enter: отвори   F8, Esc: назад
gui-standings = Класиране
gui-open-tournament = отворете турнир, за да видите класирането
gui-rating-here = рейтинг (±)
gui-and-more = ... и още { $n }
gui-round = { $rounds ->
        [0] Кръг { $n }
       *[other] Кръг { $n } от { $rounds }
    }
gui-not-started-yet = Още не е започнал
gui-withdraw = Оттегли се (W)
gui-enter = Запиши се (E)
gui-click-to-watch = щракнете партия, за да я гледате

## Дъската за анализ и разборът (client/gui/analysis.py)
gui-an-title = анализ · ход { $ply } от { $plies } · { $where }
gui-an-what-if = АМИ АКО  (B: обратно към партията)
gui-an-explaining = обяснявам...
gui-an-lines = редове { $first }-{ $last } от { $total }: колелце или PgUp/PgDn
gui-an-keys = Ляво/Дясно Home/End: стъпка · щракване: ами ако · B: ходовете на партията · F6 разбор · Esc
gui-an-none = няма дъска за анализ: { $why }
gui-an-after = дъската за анализ се отваря след края на партията
gui-an-making = дъската за анализ се подготвя: опитайте след миг
gui-desk-help = дъска за анализ: щракване пробва ход, стрелките стъпват, B назад, T дървото, Esc фоайето
gui-first-player = първи играч
gui-second-player = втори играч
gui-review-accuracy = точност: { $text }
gui-review-turning = решаващи: { $text }
gui-review-head = ход, играч: ходът · преди -> след · оценка (щракване: дъската в тази позиция)
gui-review-keys = Esc или F6: назад · щракнете ход: дъската за анализ в тази позиция
gui-review-keys-more = { $keys } · редове { $first }-{ $last } от { $total } (колелце, PgUp/PgDn)
gui-review-computing = разборът се изчислява...
gui-review-unreadable = ходовете на партията не могат да се прочетат
gui-review-none = няма разбор: { $why }
gui-review-title = разборът на решателя: { $outcome }, { $reason }
gui-hint = подсказка: { $hint }
gui-hint-why = защо { $move }: { $why }
gui-hint-hidden = някои ходове са скрити от вас
gui-hint-none = решателят не даде подсказка
